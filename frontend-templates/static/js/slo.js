/* The default SLO on the dashboards: grey the points that miss it on every concurrency chart in the panel's scope (its
   card on the overview, the page on a model page), draw the SLO line on the cost-vs-interactivity chart. Runs after
   charts.js. */
(function () {
  'use strict';
  var GREY = '#c4c9d1';

  document.querySelectorAll('[data-slo-misses]').forEach(function (panel) {
    var misses = JSON.parse(panel.getAttribute('data-slo-misses'));
    var scope = panel.closest('article') || document;
    scope.querySelectorAll('[data-chart]').forEach(function (el) {
      var spec = JSON.parse(el.getAttribute('data-chart'));
      var chart = echarts.getInstanceByDom(el);
      if (!chart || spec.xType === 'category' || !/concurrency/i.test(spec.xName || '')) { return; }
      var series = chart.getOption().series.map(function (s) {
        return { data: (s.data || []).map(function (d) {
          var xy = Array.isArray(d) ? d : d.value;
          var missed = misses.some(function (m) { return m.series === s.name && m.x === xy[0]; });
          return missed ? { value: xy, itemStyle: { color: GREY }, symbol: 'emptyCircle',
            tooltip: { formatter: s.name + ' c=' + xy[0] + ': misses the SLO' } } : d;
        }) };
      });
      chart.setOption({ series: series });
    });
    var own = panel.querySelector('.slo-chart');
    var chart = own && echarts.getInstanceByDom(own);
    if (chart) {
      var option = chart.getOption();
      var last = option.series.length - 1;
      var update = option.series.map(function (s, i) {
        return i === last ? { color: GREY, markLine: { silent: true, symbol: 'none',
          lineStyle: { color: '#b91c1c', type: 'dashed' },
          // Inside the plot, right of the line: at its end the label would sit on the y axis title.
          label: { position: 'insideEndTop', formatter: 'SLO ' + panel.getAttribute('data-slo-min-interactivity')
            + ' tok/s/user' },
          data: [{ xAxis: Number(panel.getAttribute('data-slo-min-interactivity')) }] } } : {};
      });
      chart.setOption({ series: update });
    }
  });
}());
