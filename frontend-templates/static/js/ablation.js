/* The model page's ablation chart: output throughput at one concurrency with each optimization added in turn. */
(function () {
  'use strict';
  var card = document.getElementById('ablation');
  if (!card) { return; }
  var P = window.costbenchPredictions;
  var switches = Array.prototype.map.call(card.querySelectorAll('[data-switch]'), function (li) {
    return { id: li.getAttribute('data-switch'), name: li.textContent };
  });
  var status = card.querySelector('.ablation-status');
  var chartEl = document.getElementById('chart-ablation');
  if (!switches.length || !P) { return; }

  var base = {
    model: card.getAttribute('data-model'), hardware: 'trn2', profile: 'vllm-neuron-baseline',
    inputTokens: parseInt(card.getAttribute('data-input'), 10),
    outputTokens: parseInt(card.getAttribute('data-output'), 10),
    concurrency: parseInt(card.getAttribute('data-concurrency'), 10)
  };
  if (card.getAttribute('data-tensor-parallel')) {
    base.tensorParallel = parseInt(card.getAttribute('data-tensor-parallel'), 10);
  }
  if (card.getAttribute('data-precision')) { base.precision = card.getAttribute('data-precision'); }
  var fit = document.getElementById('ablation-fit');

  /* The model does not fit at this tensor parallelism: say the smallest that fits, and offer it. */
  function adviseFit(error) {
    var smallest = error.problem && error.problem.smallestFittingTensorParallel;
    fit.textContent = 'The baseline does not fit: ' + error.message
      + (smallest ? ' The smallest tensor parallelism that fits is TP ' + smallest + '. ' : '');
    if (smallest) {
      var url = new URL(window.location.href);
      url.searchParams.set('tensorParallel', String(smallest));
      var link = document.createElement('a');
      link.className = 'button use-tp';
      link.href = url.toString();
      link.textContent = 'Use TP ' + smallest;
      fit.appendChild(link);
    }
    fit.hidden = false;
  }
  var endpoint = card.getAttribute('data-endpoint');

  function throughput(response) {
    var m = response.metrics || {};
    return typeof m.output_throughput === 'number' ? m.output_throughput : null;
  }

  /* Steps: baseline, then each switch added on top of the previous ones; a switch the model refuses is left out. */
  async function run() {
    var on = [];
    var labels = [];
    var values = [];
    var skipped = [];
    var steps = [{ id: null, name: 'baseline' }].concat(switches);
    for (var i = 0; i < steps.length; i++) {
      var candidate = steps[i].id ? on.concat([steps[i].id]) : on;
      try {
        var response = await P.predict(endpoint, Object.assign({}, base, { optimizations: candidate }));
        var v = throughput(response);
        if (v === null) { throw new Error('no output_throughput in the answer'); }
        on = candidate;
        labels.push(steps[i].id ? '+ ' + steps[i].name : 'baseline');
        values.push(Math.round(v * 10) / 10);
      } catch (e) {
        if (!steps[i].id) {
          if (e.problem && e.problem.field === 'tensorParallel') {
            status.hidden = true;
            adviseFit(e);
            return;
          }
          status.textContent = e.status === 404 || e.status === 405
            ? 'The ablation needs the prediction service, which this build does not have yet (' + endpoint + ' answered 404).'
            : 'The baseline could not be predicted: ' + e.message;
          return;
        }
        skipped.push(steps[i].name);
      }
    }
    status.textContent = skipped.length ? 'Refused by the model, left out: ' + skipped.join(', ') : '';
    status.hidden = !skipped.length;
    chartEl.hidden = false;
    var chart = echarts.init(chartEl);
    chart.setOption({
      title: { text: 'Trainium2 output throughput at concurrency ' + base.concurrency, left: 'center', textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'axis' },
      grid: window.costbenchCharts ? window.costbenchCharts.grid(0) : undefined,
      toolbox: { right: 8, top: 22, feature: {
        dataView: { readOnly: true, title: 'Data table', lang: ['Data', 'Close', 'Refresh'] },
        saveAsImage: { title: 'Save as PNG', name: 'ablation-' + base.model } } },
      xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: 30 } },
      yAxis: window.costbenchCharts ? window.costbenchCharts.yAxis('output tokens/s', false, false)
        : { type: 'value', name: 'output tokens/s' },
      series: [{ name: 'output throughput', type: 'bar', data: values, label: { show: true, position: 'top' } }]
    });
  }
  run();
})();
