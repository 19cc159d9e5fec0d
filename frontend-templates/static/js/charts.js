/* Renders every [data-chart] container from its JSON chart spec (io.costbench.service.dashboard.ChartSpec). */
(function () {
  'use strict';

  /*
   * Axis titles sit where the grid keeps room for them: the x title centred under the tick labels, the y title above
   * the axis, left-aligned (a rotated title beside the labels is clipped by containLabel, which ignores titles).
   * Log axes say so in their title.
   */
  function axis(type, name, categories) {
    var a = { type: type === 'log' ? 'log' : type, name: type === 'log' ? name + ' (log scale)' : name,
      nameLocation: 'middle', nameGap: 28, nameTextStyle: { color: '#5b6576' } };
    if (type === 'log') { a.logBase = 2; }
    if (type === 'category') { a.data = categories; }
    return a;
  }

  function yAxis(name, log, scale) {
    return { type: log ? 'log' : 'value', name: log ? name + ' (log scale)' : name, nameLocation: 'end',
      nameGap: 12, nameTextStyle: { align: 'left', color: '#5b6576' }, scale: !log && scale };
  }

  /* Room for the top title and toolbox, the y title above the axis, the x title and the legend below. */
  function grid(legendRows) {
    return { left: 16, right: 32, top: 72, bottom: 44 + 22 * legendRows, containLabel: true };
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
      grid: grid(spec.series.length > 3 ? 2 : 1),
      toolbox: {
        right: 8, top: 22,
        feature: {
          dataView: { readOnly: true, title: 'Data table', lang: ['Data', 'Close', 'Refresh'] },
          saveAsImage: { title: 'Save as PNG', name: spec.fileName || 'costbench-chart' }
        }
      },
      xAxis: axis(spec.xType, spec.xName, spec.categories),
      yAxis: yAxis(spec.yName, spec.yLog, !category),
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

  window.costbenchCharts = { optionFor: optionFor, render: render, yAxis: yAxis, grid: grid };
  document.querySelectorAll('[data-chart]').forEach(render);
  window.addEventListener('resize', function () {
    document.querySelectorAll('[data-chart]').forEach(function (el) {
      var chart = echarts.getInstanceByDom(el);
      if (chart) { chart.resize(); }
    });
  });
})();
