/* The capacity planner page: inputs live in the URL; the plan comes from POST /api/v1/plans (or GET for ?id=). */
(function () {
  'use strict';

  var form = document.getElementById('plan-form');
  if (!form) { return; }
  var endpoint = form.getAttribute('data-endpoint');
  var accuracyEndpoint = form.getAttribute('data-accuracy-endpoint');
  var status = document.getElementById('plan-status');
  var progress = document.getElementById('plan-progress');
  var results = document.getElementById('plan-results');
  var FIELDS = ['model', 'inputTokens', 'outputTokens', 'lengthSpread', 'demand', 'demandUnit', 'arrivals',
    'burstiness', 'ttftP90',
    'tpotP90', 'e2elP90', 'minInteractivity', 'priceOption', 'hoursPerMonth'];
  var PRESETS = {
    chat: { inputTokens: 1024, outputTokens: 1024, lengthSpread: 0, ttftP90: 2000, tpotP90: '', e2elP90: '',
      minInteractivity: 30 },
    long: { inputTokens: 8192, outputTokens: 1024, lengthSpread: 0, ttftP90: 10000, tpotP90: '', e2elP90: '',
      minInteractivity: 20 },
    batch: { inputTokens: 4096, outputTokens: 512, lengthSpread: 0.2, ttftP90: '', tpotP90: '', e2elP90: 600000,
      minInteractivity: '' }
  };
  var charts = {};

  function field(name) { return form.elements[name]; }

  function readForm() {
    var values = {};
    FIELDS.forEach(function (name) { values[name] = field(name).value; });
    return values;
  }

  function writeForm(values) {
    FIELDS.forEach(function (name) {
      if (values[name] !== undefined && values[name] !== null) { field(name).value = values[name]; }
    });
    syncBurstiness();
  }

  /* Burstiness shapes arrivals; a closed loop has none. */
  function syncBurstiness() { field('burstiness').disabled = field('arrivals').value !== 'poisson'; }

  function num(value) { return value === '' || value === undefined || value === null ? null : Number(value); }

  function body(values) {
    var request = {
      model: values.model,
      workload: { inputTokens: num(values.inputTokens), outputTokens: num(values.outputTokens),
        lengthSpread: num(values.lengthSpread) || 0 },
      demand: {},
      slo: {},
      priceOption: values.priceOption,
      hoursPerMonth: num(values.hoursPerMonth)
    };
    request.demand[values.demandUnit || 'requestsPerSecond'] = num(values.demand);
    request.demand.arrivals = values.arrivals || 'poisson';
    if (request.demand.arrivals === 'poisson' && num(values.burstiness) !== null) {
      request.demand.burstiness = num(values.burstiness);
    }
    if (num(values.ttftP90) !== null) { request.slo.ttftMs = { p90: num(values.ttftP90) }; }
    if (num(values.tpotP90) !== null) { request.slo.tpotMs = { p90: num(values.tpotP90) }; }
    if (num(values.e2elP90) !== null) { request.slo.e2elMs = { p90: num(values.e2elP90) }; }
    if (num(values.minInteractivity) !== null) { request.slo.minInteractivity = num(values.minInteractivity); }
    return request;
  }

  function money(v) {
    return v === null || v === undefined ? '' : '$' + v.toLocaleString('en-US', { maximumFractionDigits: 0 });
  }
  function fixed(v, digits) { return v === null || v === undefined ? '' : v.toFixed(digits); }

  var timer = null;
  var shown = null;
  function busy(on) {
    document.getElementById('plan-submit').disabled = on;
    progress.hidden = !on;
    if (timer) { clearInterval(timer); timer = null; }
    if (on) {
      var started = Date.now();
      var bar = progress.querySelector('.bar');
      status.textContent = 'Computing the plan: searching every candidate…';
      timer = setInterval(function () {
        var s = (Date.now() - started) / 1000;
        status.textContent = 'Computing the plan: searching every candidate… ' + s.toFixed(1) + ' s';
        bar.style.width = (100 * (1 - Math.exp(-s / 2))).toFixed(0) + '%';
      }, 100);
    }
  }

  function fail(message) {
    busy(false);
    status.hidden = false;
    status.className = 'empty-state error';
    status.textContent = message;
  }

  function answer(response) {
    return response.json().catch(function () { return {}; }).then(function (json) {
      if (!response.ok) {
        var detail = json.detail || ('HTTP ' + response.status);
        throw new Error(detail);
      }
      return json;
    });
  }

  function compute(values) {
    busy(true);
    status.hidden = false;
    status.className = 'empty-state';
    results.hidden = true;
    fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify(body(values)) })
      .then(answer).then(render).catch(function (e) { fail('The plan was refused: ' + e.message); });
  }

  function load(id) {
    busy(true);
    fetch(endpoint + '/' + encodeURIComponent(id), { headers: { 'Accept': 'application/json' } })
      .then(answer).then(function (plan) { writeForm(valuesOf(plan.request)); render(plan); })
      .catch(function (e) { fail('Plan ' + id + ' could not be loaded: ' + e.message); });
  }

  /* Form values from a stored request (inverse of body()). */
  function valuesOf(request) {
    var slo = request.slo || {};
    var bound = function (metric) {
      var b = (slo.bounds || []).filter(function (x) { return x.metric === metric && x.percentile === 'p90'; })[0];
      return b ? b.limitMs : '';
    };
    var demand = request.demand || {};
    return { model: request.model, inputTokens: request.workload.inputTokens,
      outputTokens: request.workload.outputTokens, lengthSpread: request.workload.lengthSpread,
      demand: demand.requestsPerSecond !== null && demand.requestsPerSecond !== undefined ? demand.requestsPerSecond
        : demand.outputTokensPerDay,
      demandUnit: demand.requestsPerSecond !== null && demand.requestsPerSecond !== undefined ? 'requestsPerSecond'
        : 'outputTokensPerDay',
      // Plans stored before the traffic model was recorded were all closed loop.
      arrivals: demand.arrivals || 'closed-loop',
      burstiness: demand.burstiness === null || demand.burstiness === undefined ? '' : demand.burstiness,
      ttftP90: bound('ttft_ms'), tpotP90: bound('tpot_ms'), e2elP90: bound('e2el_ms'),
      minInteractivity: slo.minInteractivity === null || slo.minInteractivity === undefined ? ''
        : slo.minInteractivity,
      hoursPerMonth: request.hoursPerMonth };
  }

  function render(plan) {
    busy(false);
    var r = plan.result;
    status.hidden = false;
    status.className = 'empty-state';
    status.textContent = 'Plan ' + plan.id + ' computed in ' + (r.computeMs / 1000).toFixed(1) + ' s ('
      + r.simulations + ' simulated points, ' + r.candidates.length + ' candidates).';
    results.hidden = false;
    var summary = document.getElementById('plan-summary');
    summary.textContent = r.summary;
    summary.className = 'verdict ' + (r.verdict === 'ok' ? 'verdict-improvement' : 'verdict-regression');
    document.getElementById('plan-meta').textContent = 'Demand ' + fixed(r.demandRequestsPerSecond, 2)
      + ' requests/s (' + fixed(r.demandOutputTokensPerSecond, 0) + ' output tokens/s), ' + arrivalsText(r)
      + '; SLO: ' + r.slo + '; '
      + r.priceOption + ' prices in force on ' + r.priceDate + ', ' + r.hoursPerMonth + ' h/month; catalog '
      + String(r.catalogVersion).substring(0, 12) + '.';
    var links = plan.links || {};
    document.getElementById('plan-link').href = links.self;
    document.getElementById('plan-csv').href = links.csv;
    document.getElementById('plan-reprice').href = links.repricedToday;
    table(r, []);
    shown = plan.id;
    // The error bands come from the validation report; the table is whole without them.
    fetch(accuracyEndpoint + '?model=' + encodeURIComponent(plan.request.model),
      { headers: { 'Accept': 'application/json' } })
      .then(answer).then(function (a) { if (shown === plan.id) { table(r, a.groups || []); } })
      .catch(function () { /* keep the table without the column's figures */ });
    monthlyChart(r);
    frontierChart(r, plan.request);
  }

  function arrivalsText(r) {
    if (r.arrivals === 'poisson') {
      return 'poisson arrivals' + (r.burstiness !== null && r.burstiness !== 1 ? ' (burstiness ' + r.burstiness + ')'
        : '') + ', searched over request rate per replica';
    }
    return 'closed loop, searched over concurrency per replica';
  }

  /* A candidate's load per replica: its concurrency (closed loop) or its arrival rate (open loop). */
  function loadText(c) {
    if (c.concurrency !== null && c.concurrency !== undefined) { return 'c=' + c.concurrency; }
    return c.requestsPerSecond !== null && c.requestsPerSecond !== undefined
      ? Number(c.requestsPerSecond.toPrecision(4)) + ' req/s' : '';
  }

  /* Why a candidate is not an answer, or where the load-grows-latency assumption failed on its points. */
  function notes(c) {
    var breaks = c.monotonicityBreaks || [];
    var text = c.reason || '';
    if (breaks.length) {
      text += (text ? '; ' : '') + 'not monotone: ' + breaks[0] + (breaks.length > 1 ? ' (+' + (breaks.length - 1)
        + ' more)' : '');
    }
    return text;
  }

  /* The candidate's group as the validation report measured it: "TPOT 3.0% / TTFT 16.6% (139 runs)". */
  function validatedError(c, groups) {
    var g = groups.filter(function (x) { return x.hardware === c.hardware && x.profile === c.profile; })[0];
    if (!g) {
      return groups.length ? 'not validated' : '';
    }
    var band = function (b) { return b ? b.medianPct.toFixed(1) + '%' : '-'; };
    return 'TPOT ' + band(g.errors.tpot) + ' / TTFT ' + band(g.errors.ttft) + ' (' + g.rows
      + (g.rows === 1 ? ' run)' : ' runs)');
  }

  function table(r, groups) {
    var tbody = document.querySelector('#plan-table tbody');
    tbody.innerHTML = '';
    r.candidates.forEach(function (c) {
      var tr = document.createElement('tr');
      tr.className = c.status === 'meets-slo' ? 'candidate-meets' : 'candidate-other';
      var m = c.metrics || {};
      var chosen = c.status === 'meets-slo' ? loadText({ concurrency: c.concurrency,
        requestsPerSecond: c.requestsPerSecondPerReplica }) : '';
      [c.rank, c.label, c.status, chosen, c.replicas, c.accelerators, money(c.usdPerMonth),
        c.usdPerMillionOutputTokens === null ? '' : '$' + fixed(c.usdPerMillionOutputTokens, 3),
        fixed(m.p90_ttft_ms, 0), fixed(m.interactivity, 1),
        c.headroomPercent === null ? '' : fixed(c.headroomPercent, 0) + '%', validatedError(c, groups), notes(c)]
        .forEach(function (v, i) {
          var td = document.createElement('td');
          td.textContent = v === null || v === undefined ? '' : v;
          if (i === 11) { td.className = 'validated'; }
          if (i === 12) { td.className = 'reason'; }
          tr.appendChild(td);
        });
      tbody.appendChild(tr);
    });
  }

  function chart(id) {
    var el = document.getElementById(id);
    if (!charts[id]) { charts[id] = echarts.init(el); }
    return charts[id];
  }

  function monthlyChart(r) {
    var priced = r.candidates.filter(function (c) { return c.usdPerMonth !== null && c.status === 'meets-slo'; })
      .slice(0, 20).reverse();
    chart('chart-plan-monthly').setOption({
      grid: { left: 10, right: 40, top: 20, bottom: 50, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      toolbox: { feature: { dataView: { readOnly: true }, saveAsImage: {} } },
      xAxis: { type: 'log', name: 'USD per month (log scale)', nameLocation: 'middle', nameGap: 28,
        axisLabel: { formatter: function (v) { return '$' + (v >= 1000 ? (v / 1000) + 'k' : v); } } },
      yAxis: { type: 'category', data: priced.map(function (c) { return c.label; }),
        axisLabel: { fontSize: 10 } },
      series: [{ type: 'bar', name: 'USD per month', data: priced.map(function (c, i) {
        return { value: Math.round(c.usdPerMonth),
          itemStyle: { color: i === priced.length - 1 ? '#15803d' : '#2563eb' } };
      }) }]
    }, true);
  }

  function frontierChart(r, request) {
    var withCurve = r.candidates.filter(function (c) {
      return c.curve && c.curve.length && c.curve.some(function (p) { return p.usdPerMillionOutputTokens !== null; });
    }).slice(0, 16);
    var series = withCurve.map(function (c) {
      return { name: c.label, type: 'line', showSymbol: true, symbolSize: 6,
        data: c.curve.filter(function (p) { return p.usdPerMillionOutputTokens !== null; })
          .map(function (p) {
            return { value: [p.interactivity, p.usdPerMillionOutputTokens, loadText(p)],
              itemStyle: { opacity: p.meetsSlo ? 1 : 0.3 } };
          }) };
    });
    var min = request && request.slo ? request.slo.minInteractivity : null;
    if (series.length && min !== null && min !== undefined) {
      series[0].markLine = { silent: true, symbol: 'none', lineStyle: { color: '#b91c1c', type: 'dashed' },
        label: { position: 'insideEndTop', formatter: 'SLO ' + min + ' tok/s/user' }, data: [{ xAxis: min }] };
    }
    chart('chart-plan-frontier').setOption({
      grid: { left: 70, right: 30, top: 40, bottom: 90 },
      legend: { type: 'scroll', bottom: 0 },
      tooltip: { trigger: 'item', formatter: function (p) {
        return p.seriesName + '<br>' + p.value[2] + ': ' + p.value[0].toFixed(1) + ' tok/s/user, $'
          + p.value[1].toFixed(3) + ' per M output tokens';
      } },
      toolbox: { feature: { dataView: { readOnly: true }, saveAsImage: {} } },
      xAxis: { type: 'value', name: 'interactivity (output tok/s per user)', nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'log', name: 'USD per million output tokens', nameLocation: 'middle', nameGap: 50 },
      series: series
    }, true);
  }

  field('arrivals').addEventListener('change', syncBurstiness);

  Array.prototype.forEach.call(document.querySelectorAll('[data-preset]'), function (button) {
    button.addEventListener('click', function () { writeForm(PRESETS[button.getAttribute('data-preset')]); });
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var values = readForm();
    var query = new URLSearchParams();
    FIELDS.forEach(function (name) { if (values[name] !== '') { query.set(name, values[name]); } });
    history.pushState(null, '', '?' + query.toString());
    compute(values);
  });

  var params = new URLSearchParams(window.location.search);
  if (params.get('id')) {
    load(params.get('id'));
  } else if (params.get('model')) {
    var values = readForm();
    FIELDS.forEach(function (name) { values[name] = params.has(name) ? params.get(name) : ''; });
    if (!params.has('demandUnit')) { values.demandUnit = 'requestsPerSecond'; }
    if (!params.has('priceOption')) { values.priceOption = 'on-demand'; }
    if (!params.has('arrivals')) { values.arrivals = 'poisson'; }
    writeForm(values);
    compute(values);
  }
  window.addEventListener('resize', function () { Object.keys(charts).forEach(function (k) { charts[k].resize(); }); });
}());
