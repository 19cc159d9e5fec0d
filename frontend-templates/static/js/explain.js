/*
 * The explain page: on every form change, ask the prediction API per target (explain: the median decode step's
 * breakdown and operators; predict: the time per output token) and redraw the stacked bar and the tables.
 */
(function () {
  'use strict';
  var form = document.getElementById('explain-form');
  var status = document.getElementById('explain-status');
  var chartEl = document.getElementById('chart-explain');
  var opsCard = document.getElementById('operators-card');
  var perTokenCard = document.getElementById('per-token-card');
  var fitAdvice = document.getElementById('fit-advice');
  var P = window.costbenchPredictions;
  var C = window.costbenchCharts;
  var inapplicable = JSON.parse(form.getAttribute('data-inapplicable') || '{}');
  var generation = 0;

  function scenario() {
    var data = new FormData(form);
    var workload = String(data.get('workload') || '1024x1024').split('x');
    return {
      model: data.get('model'),
      inputTokens: parseInt(workload[0], 10),
      outputTokens: parseInt(workload[1], 10),
      concurrency: parseInt(data.get('concurrency'), 10) || 1,
      tensorParallel: data.get('tensorParallel') ? parseInt(data.get('tensorParallel'), 10) : null,
      precision: data.get('precision') || null,
      optimizations: data.getAll('optimizations')
    };
  }

  /* Switches that change nothing for the chosen model are unchecked, disabled and say why. */
  function markApplicable() {
    var reasons = inapplicable[form.elements.model.value] || {};
    form.querySelectorAll('label.switch[data-switch]').forEach(function (label) {
      var id = label.getAttribute('data-switch');
      var box = label.querySelector('input[type=checkbox]');
      var note = label.querySelector('.na');
      var reason = reasons[id];
      box.disabled = !!reason;
      if (reason) { box.checked = false; }
      label.classList.toggle('not-applicable', !!reason);
      if (note) { note.textContent = reason ? '(not applicable: ' + reason + ')' : ''; }
    });
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

  /* Numbers with their unit, scaled to read: 1.57e7 bytes -> "15.7 MB". */
  function scaled(value, units) {
    if (typeof value !== 'number' || !isFinite(value)) { return ''; }
    if (value === 0) { return '0'; }
    var i = 0;
    while (Math.abs(value) >= 1000 && i < units.length - 1) { value /= 1000; i++; }
    return (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2))
      + ' ' + units[i];
  }

  function ms(value) {
    if (typeof value !== 'number' || !isFinite(value)) { return ''; }
    return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(4);
  }

  var OPERATOR_COLUMNS = [
    ['Target', function (r) { return r.target.label; }],
    ['Operator', function (r, op) { return op.name; }],
    ['Kind', function (r, op) { return String(op.kind || '').toLowerCase().replace(/_/g, ' '); }],
    ['Repeats', function (r, op) { return String(op.repeat); }],
    ['Time (ms per step)', function (r, op) { return ms(op.timeMs); }],
    ['Share of step', function (r, op) {
      var step = r.response.cost && r.response.cost.timeMs;
      return step ? (100 * op.timeMs / step).toFixed(1) + ' %' : '';
    }],
    ['Compute', function (r, op) { return scaled(op.flops, ['FLOP', 'kFLOP', 'MFLOP', 'GFLOP', 'TFLOP']); }],
    ['HBM traffic', function (r, op) { return scaled(op.hbmBytes, ['B', 'kB', 'MB', 'GB', 'TB']); }],
    ['DMA transfers', function (r, op) { return op.dmaTransfers ? op.dmaTransfers.toLocaleString('en-US') : '0'; }],
    ['What dominated', function (r, op) { return op.note || ''; }]
  ];

  function table(el, columns, rows) {
    var head = el.querySelector('thead');
    var body = el.querySelector('tbody');
    head.textContent = '';
    body.textContent = '';
    var tr = document.createElement('tr');
    columns.forEach(function (c) { var th = document.createElement('th'); th.textContent = c[0]; tr.appendChild(th); });
    head.appendChild(tr);
    rows.forEach(function (row) {
      var line = document.createElement('tr');
      columns.forEach(function (c) {
        var td = document.createElement('td');
        td.textContent = c[1].apply(null, row);
        line.appendChild(td);
      });
      body.appendChild(line);
    });
  }

  function operatorsTable(results) {
    var rows = [];
    results.forEach(function (r) {
      (r.response.operators || []).forEach(function (op) { rows.push([r, op]); });
    });
    table(document.getElementById('operators'), OPERATOR_COLUMNS, rows);
    opsCard.hidden = !rows.length;
  }

  function perTokenTable(results) {
    table(document.getElementById('per-token'), [
      ['Target', function (r) { return r.target.label; }],
      ['Chips / GPUs', function (r) { return r.prediction ? String(r.prediction.chips) : ''; }],
      ['TP, precision', function (r) {
        var s = r.prediction && r.prediction.scenario;
        return s ? 'TP ' + s.tensorParallel + ', ' + s.precision : '';
      }],
      ['Decode step (ms)', function (r) { return ms(r.response.cost && r.response.cost.timeMs); }],
      ['Tokens per sequence per step', function (r) {
        var t = tpot(r);
        var step = r.response.cost && r.response.cost.timeMs;
        return t && step ? (step / t).toFixed(2) : '';
      }],
      ['Time per output token (ms, median TPOT)', function (r) { return ms(tpot(r)); }],
      ['Tokens/s per user', function (r) { var t = tpot(r); return t ? (1000 / t).toFixed(1) : ''; }],
      ['Error against public measurements (median |error|)', function (r) { return accuracy(r.prediction); }]
    ], results.map(function (r) { return [r]; }));
    perTokenCard.hidden = !results.length;
  }

  /** The prediction's group as the validation report measured it, e.g. "TPOT 3.0% (p90 9.4%), TTFT 16.6%; 139 runs from 3 sources". */
  function accuracy(prediction) {
    if (!prediction) {
      return '';
    }
    var a = prediction.accuracy;
    if (!a) {
      return 'not validated (no public measurement of this hardware, profile and model kind)';
    }
    var parts = [];
    if (a.errors.tpot) {
      parts.push('TPOT ' + a.errors.tpot.medianPct.toFixed(1) + '% (p90 ' + a.errors.tpot.p90Pct.toFixed(1) + '%)');
    }
    if (a.errors.ttft) {
      parts.push('TTFT ' + a.errors.ttft.medianPct.toFixed(1) + '%');
    }
    return parts.join(', ') + '; ' + a.rows + (a.rows === 1 ? ' run' : ' runs') + ' from ' + a.sources.length
        + (a.sources.length === 1 ? ' source' : ' sources');
  }

  function tpot(r) {
    var m = r.prediction && r.prediction.metrics;
    return m && typeof m.median_tpot_ms === 'number' ? m.median_tpot_ms : null;
  }

  function draw(results) {
    var labels = results.map(function (r) { return r.target.label; });
    var series = P.categories.map(function (category) {
      return {
        name: category, type: 'bar', stack: 'step',
        data: results.map(function (r) { return Math.round(P.breakdown(r.response)[category] * 1000) / 1000; })
      };
    });
    series.push({
      name: 'per output token (median TPOT)', type: 'line', symbolSize: 10, color: '#111827',
      lineStyle: { type: 'dashed' },
      data: results.map(function (r) { var t = tpot(r); return t === null ? null : Math.round(t * 1000) / 1000; })
    });
    chartEl.hidden = false;
    var chart = echarts.getInstanceByDom(chartEl) || echarts.init(chartEl);
    chart.setOption({
      title: { text: 'Decode step time by category, and time per output token', left: 'center',
        textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { bottom: 0, type: 'scroll' },
      grid: C.grid(1),
      toolbox: { right: 8, top: 22, feature: {
        dataView: { readOnly: true, title: 'Data table', lang: ['Data', 'Close', 'Refresh'] },
        saveAsImage: { title: 'Save as PNG', name: 'explain' } } },
      xAxis: { type: 'category', data: labels, name: 'target', nameLocation: 'middle', nameGap: 40,
        axisLabel: { interval: 0, width: 110, overflow: 'break' } },
      yAxis: C.yAxis('ms per decode step; ms per output token', false, false),
      series: series
    }, true);
    chart.resize();
    operatorsTable(results);
    perTokenTable(results);
  }

  /* A model that does not fit: say the smallest tensor parallelism that fits, and offer it. */
  function adviseFit(failed) {
    fitAdvice.textContent = '';
    var misfit = failed.filter(function (r) { return r.error.problem && r.error.problem.field === 'tensorParallel'; });
    fitAdvice.hidden = !misfit.length;
    misfit.forEach(function (r) {
      var p = document.createElement('p');
      var smallest = r.error.problem.smallestFittingTensorParallel;
      p.textContent = r.target.label + ' does not fit: ' + r.error.message
        + (smallest ? ' The smallest tensor parallelism that fits is TP ' + smallest + '. ' : ' ');
      if (smallest && form.elements.tensorParallel.querySelector('option[value="' + smallest + '"]')) {
        var use = document.createElement('button');
        use.type = 'button';
        use.className = 'use-tp';
        use.textContent = 'Use TP ' + smallest;
        use.addEventListener('click', function () {
          form.elements.tensorParallel.value = String(smallest);
          refresh();
        });
        p.appendChild(use);
      }
      fitAdvice.appendChild(p);
    });
  }

  function request(s, t) {
    return {
      model: s.model, hardware: t.hardware, profile: t.profile, inputTokens: s.inputTokens,
      outputTokens: s.outputTokens, concurrency: s.concurrency, optimizations: t.optimizations,
      tensorParallel: s.tensorParallel, precision: s.precision
    };
  }

  function refresh() {
    var mine = ++generation;
    var s = scenario();
    var endpoint = form.getAttribute('data-endpoint');
    var predictEndpoint = form.getAttribute('data-predict-endpoint');
    showStatus('Asking the prediction service…');
    Promise.all(targets(s).map(function (t) {
      var body = request(s, t);
      var predictBody = {};
      Object.keys(body).forEach(function (k) { if (body[k] !== null && body[k] !== '') { predictBody[k] = body[k]; } });
      return Promise.all([P.explain(endpoint, body), P.predict(predictEndpoint, predictBody)
        .catch(function () { return null; })])
        .then(function (answers) { return { target: t, response: answers[0], prediction: answers[1] }; },
              function (error) { return { target: t, error: error }; });
    })).then(function (results) {
      if (mine !== generation) { return; }
      var ok = results.filter(function (r) { return !r.error; });
      var failed = results.filter(function (r) { return r.error; });
      adviseFit(failed);
      if (!ok.length) {
        var notThere = failed.some(function (r) { return r.error.status === 404 || r.error.status === 405; });
        chartEl.hidden = true;
        opsCard.hidden = true;
        perTokenCard.hidden = true;
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

  form.addEventListener('change', function (e) {
    if (e.target && e.target.name === 'model') { markApplicable(); }
    refresh();
  });
  form.addEventListener('submit', function (e) { e.preventDefault(); refresh(); });
  window.addEventListener('resize', function () { var c = echarts.getInstanceByDom(chartEl); if (c) { c.resize(); } });
  markApplicable();
  refresh();
})();
