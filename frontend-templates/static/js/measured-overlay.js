/*
 * Adds measured runs to the cost charts rendered by charts.js: each container's data-measured holds series of
 * [concurrency, USD per million output tokens, label, run page URL], one per predicted curve ("measured · " + the
 * curve's name). Points take their curve's colour, link to their run, and hide with the #show-measured checkbox.
 */
(function () {
  'use strict';

  var PREFIX = 'measured · ';

  function overlay(el) {
    var chart = echarts.getInstanceByDom(el);
    var measured = JSON.parse(el.getAttribute('data-measured') || '[]');
    if (!chart || measured.length === 0) { return; }
    var current = chart.getOption().series;
    var colours = {};
    current.forEach(function (s) { colours[s.name] = s.color; });
    var added = measured.map(function (m) {
      return {
        name: m.name, type: 'scatter', data: m.data, symbol: 'diamond', symbolSize: 12, z: 5,
        color: colours[m.target], itemStyle: { borderColor: '#111827', borderWidth: 1 }, cursor: 'pointer',
        tooltip: { formatter: function (p) {
          return p.seriesName + '<br>' + p.data[2] + ': concurrency ' + p.data[0] + ', $' + p.data[1]
            + ' per 1M output tokens';
        } }
      };
    });
    var all = current.concat(added);
    // The legend gains a row per two or three entries: keep it clear of the x-axis title.
    chart.setOption({ series: all, grid: { bottom: 56 + 22 * Math.ceil(all.length / 2) } });
    chart.on('click', function (p) {
      if (p.seriesName && p.seriesName.indexOf(PREFIX) === 0 && p.data && p.data[3]) {
        window.location.href = p.data[3];
      }
    });
    el.setAttribute('data-measured-series', measured.map(function (m) { return m.name; }).join('\n'));
  }

  function show(visible) {
    document.querySelectorAll('[data-measured-series]').forEach(function (el) {
      var chart = echarts.getInstanceByDom(el);
      el.getAttribute('data-measured-series').split('\n').forEach(function (name) {
        chart.dispatchAction({ type: visible ? 'legendSelect' : 'legendUnSelect', name: name });
      });
    });
  }

  document.querySelectorAll('[data-measured]').forEach(overlay);
  var toggle = document.getElementById('show-measured');
  if (toggle) {
    toggle.addEventListener('change', function () { show(toggle.checked); });
  }
})();
