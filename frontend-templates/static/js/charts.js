/* Renders every [data-chart] container from its JSON chart spec (io.costbench.service.dashboard.ChartSpec). */
(function () {
  'use strict';

  function axis(type, name, categories) {
    var a = { type: type === 'log' ? 'log' : type, name: name, nameLocation: 'middle', nameGap: 30 };
    if (type === 'log') { a.logBase = 2; }
    if (type === 'category') { a.data = categories; }
    return a;
  }

  /* One colour per target family wherever it appears: Trainium2 in oranges, NVIDIA in greens. */
  function colorFor(name) {
    if (/^Trainium2/.test(name)) { return /baseline/.test(name) ? '#f5b041' : '#d35400'; }
    if (/^H100/.test(name)) { return '#4d8c00'; }
    if (/^H200/.test(name)) { return '#1b5e20'; }
    if (/frontier|= predicted/.test(name)) { return '#5b6576'; }
    return undefined;
  }

  function optionFor(spec) {
    var category = spec.xType === 'category';
    return {
      title: { text: spec.title, left: 'center', textStyle: { fontSize: 14 } },
      tooltip: { trigger: category ? 'axis' : 'item' },
      legend: { bottom: 0, type: 'plain' },
      grid: { left: 16, right: 24, top: 56, bottom: spec.series.length > 2 ? 78 : 56, containLabel: true },
      toolbox: {
        right: 8, top: 22,
        feature: {
          dataView: { readOnly: true, title: 'Data table', lang: ['Data', 'Close', 'Refresh'] },
          saveAsImage: { title: 'Save as PNG', name: spec.fileName || 'costbench-chart' }
        }
      },
      xAxis: axis(spec.xType, spec.xName, spec.categories),
      yAxis: spec.yLog ? { type: 'log', name: spec.yName, nameLocation: 'middle', nameGap: 48 }
        : { type: 'value', name: spec.yName, nameLocation: 'middle', nameGap: 48, scale: !category },
      series: spec.series.map(function (s) {
        var labelled = s.data.length > 0 && s.data[0].length > 2;
        return {
          name: s.name, type: s.type, stack: s.stack || undefined, data: s.data, showSymbol: true,
          symbolSize: s.type === 'scatter' ? 8 : 5, color: colorFor(s.name),
          labelLayout: labelled ? { hideOverlap: true } : undefined,
          label: labelled ? { show: true, position: 'top', fontSize: 9,
            formatter: function (p) { return p.data[2]; } } : undefined
        };
      })
    };
  }

  function render(el) {
    var spec = JSON.parse(el.getAttribute('data-chart'));
    var chart = echarts.getInstanceByDom(el) || echarts.init(el);
    chart.setOption(optionFor(spec), true);
    return chart;
  }

  window.costbenchCharts = { optionFor: optionFor, render: render };
  document.querySelectorAll('[data-chart]').forEach(render);
  window.addEventListener('resize', function () {
    document.querySelectorAll('[data-chart]').forEach(function (el) {
      var chart = echarts.getInstanceByDom(el);
      if (chart) { chart.resize(); }
    });
  });
})();
