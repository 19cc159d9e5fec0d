/* The accuracy page's chart: median TPOT and TTFT error per group of predictions, horizontal bars, target lines. */
(function () {
  'use strict';
  var el = document.getElementById('chart-accuracy');
  if (!el || typeof echarts === 'undefined') { return; }
  var data = JSON.parse(el.getAttribute('data-accuracy'));
  // Top of the chart is the first group, as in the table below.
  var groups = data.groups.slice().reverse();
  var values = function (list) { return list.slice().reverse(); };
  // The targets sit close together on the axis: the legend names them, the dashed lines carry no label.
  function target(value) {
    return { silent: true, symbol: 'none', lineStyle: { type: 'dashed', width: 2 }, label: { show: false },
      data: [{ xAxis: value }] };
  }
  var chart = echarts.init(el);
  chart.setOption({
    title: { text: 'Median |error| against public measurements, per group', left: 'center',
      textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' },
      valueFormatter: function (v) { return v === null || v === undefined ? 'not measured' : v.toFixed(1) + ' %'; } },
    legend: { bottom: 0 },
    grid: { left: 16, right: 48, top: 84, bottom: 72, containLabel: true },
    toolbox: { right: 8, top: 22, feature: {
      dataView: { readOnly: true, title: 'Data table', lang: ['Data', 'Close', 'Refresh'] },
      saveAsImage: { title: 'Save as PNG', name: 'costbench-accuracy' } } },
    xAxis: { type: 'value', name: 'median |predicted - measured| / measured (%)', nameLocation: 'middle',
      nameGap: 28, nameTextStyle: { color: '#5b6576' } },
    yAxis: { type: 'category', data: groups, name: 'group (hardware, profile, model kind)', nameLocation: 'end',
      nameGap: 16, nameTextStyle: { align: 'left', color: '#5b6576' } },
    series: [
      { name: 'TPOT (dashed: target ' + data.tpotTargetPct + ' %)', type: 'bar', data: values(data.tpot),
        color: '#3b6fb6', markLine: target(data.tpotTargetPct) },
      { name: 'TTFT (dashed: target ' + data.ttftTargetPct + ' %)', type: 'bar', data: values(data.ttft),
        color: '#c0504d', markLine: target(data.ttftTargetPct) }
    ]
  });
  window.addEventListener('resize', function () { chart.resize(); });
})();
