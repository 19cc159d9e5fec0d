/* The explain page: on every form change, ask the prediction API per target and redraw the stacked bar + table. */
(function () {
  'use strict';
  var form = document.getElementById('explain-form');
  var status = document.getElementById('explain-status');
  var chartEl = document.getElementById('chart-explain');
  var opsCard = document.getElementById('operators-card');
  var P = window.costbenchPredictions;
  var generation = 0;

  function scenario() {
    var data = new FormData(form);
    var workload = String(data.get('workload') || '1024x1024').split('x');
    return {
      model: data.get('model'),
      inputTokens: parseInt(workload[0], 10),
      outputTokens: parseInt(workload[1], 10),
      concurrency: parseInt(data.get('concurrency'), 10) || 1,
      optimizations: data.getAll('optimizations')
    };
  }

  function targets(s) {
    var switched = s.optimizations.length ? 'Trainium2 baseline + ' + s.optimizations.length + ' switch(es)' : null;
    var list = [
      { label: 'Trainium2 baseline', hardware: 'trn2', profile: 'vllm-neuron-baseline', optimizations: [] },
      { label: 'Trainium2 optimized', hardware: 'trn2', profile: 'vllm-neuron-optimized', optimizations: [] },
      { label: 'H100 vllm', hardware: 'h100-sxm', profile: 'vllm', optimizations: [] }
    ];
    if (switched) {
      list.splice(1, 0, { label: switched, hardware: 'trn2', profile: 'vllm-neuron-baseline',
        optimizations: s.optimizations });
    }
    return list;
  }

  function showStatus(text) {
    status.textContent = text;
    status.hidden = !text;
  }

  function operatorsTable(results) {
    var head = opsCard.querySelector('thead');
    var body = opsCard.querySelector('tbody');
    head.textContent = '';
    body.textContent = '';
    var columns = null;
    results.forEach(function (r) {
      var ops = r.response.operators || [];
      ops.forEach(function (op) {
        if (!columns) {
          columns = ['target'].concat(Object.keys(op).filter(function (k) { return op[k] === null || typeof op[k] !== 'object'; }));
          var tr = document.createElement('tr');
          columns.forEach(function (c) { var th = document.createElement('th'); th.textContent = c; tr.appendChild(th); });
          head.appendChild(tr);
        }
        var row = document.createElement('tr');
        columns.forEach(function (c) {
          var td = document.createElement('td');
          var v = c === 'target' ? r.target.label : op[c];
          td.textContent = typeof v === 'number'
            ? (Math.abs(v) >= 1e6 ? v.toPrecision(4) : (Math.round(v * 1000) / 1000).toString())
            : (v == null ? '' : String(v));
          row.appendChild(td);
        });
        body.appendChild(row);
      });
    });
    opsCard.hidden = !columns;
  }

  function draw(results) {
    var labels = results.map(function (r) { return r.target.label; });
    var series = P.categories.map(function (category) {
      return {
        name: category, type: 'bar', stack: 'step',
        data: results.map(function (r) { return Math.round(P.breakdown(r.response)[category] * 1000) / 1000; })
      };
    });
    chartEl.hidden = false;
    var chart = echarts.getInstanceByDom(chartEl) || echarts.init(chartEl);
    chart.setOption({
      title: { text: 'Decode step time by category', left: 'center', textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { bottom: 0, type: 'scroll' },
      grid: { left: 16, right: 24, top: 56, bottom: 48, containLabel: true },
      toolbox: { right: 8, top: 22, feature: {
        dataView: { readOnly: true, title: 'Data table', lang: ['Data', 'Close', 'Refresh'] },
        saveAsImage: { title: 'Save as PNG', name: 'explain' } } },
      xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, width: 110, overflow: 'break' } },
      yAxis: { type: 'value', name: 'ms per step', nameLocation: 'middle', nameGap: 48 },
      series: series
    }, true);
    chart.resize();
    operatorsTable(results);
  }

  function refresh() {
    var mine = ++generation;
    var s = scenario();
    var endpoint = form.getAttribute('data-endpoint');
    showStatus('Asking the prediction service…');
    var list = targets(s);
    Promise.all(list.map(function (t) {
      return P.explain(endpoint, {
        model: s.model, hardware: t.hardware, profile: t.profile, inputTokens: s.inputTokens,
        outputTokens: s.outputTokens, concurrency: s.concurrency, optimizations: t.optimizations
      }).then(function (response) { return { target: t, response: response }; },
              function (error) { return { target: t, error: error }; });
    })).then(function (results) {
      if (mine !== generation) { return; }
      var ok = results.filter(function (r) { return !r.error; });
      var failed = results.filter(function (r) { return r.error; });
      if (!ok.length) {
        var notThere = failed.some(function (r) { return r.error.status === 404 || r.error.status === 405; });
        chartEl.hidden = true;
        opsCard.hidden = true;
        showStatus(notThere
          ? 'The prediction service is not available in this build (' + endpoint + ' answered 404). '
            + 'Stored sweep results are on the Overview and Models pages.'
          : 'No target could be explained: ' + failed.map(function (r) { return r.target.label + ': ' + r.error.message; }).join('; '));
        return;
      }
      showStatus(failed.length ? 'Not shown: ' + failed.map(function (r) { return r.target.label + ' (' + r.error.message + ')'; }).join('; ') : '');
      draw(ok);
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, '', '?' + new URLSearchParams(new FormData(form)).toString());
      }
    });
  }

  form.addEventListener('change', refresh);
  form.addEventListener('submit', function (e) { e.preventDefault(); refresh(); });
  window.addEventListener('resize', function () { var c = echarts.getInstanceByDom(chartEl); if (c) { c.resize(); } });
  refresh();
})();
