/* Calls the prediction API and reads its step breakdown. Shared by the explain page and the ablation chart. */
(function () {
  'use strict';

  /* The step-time categories in display order; keys as the engine's CostCategory, in any case or style. */
  var CATEGORIES = [
    ['compute', 'compute'], ['memory', 'memory'], ['dma_fixed', 'DMA fixed cost'],
    ['communication', 'collectives'], ['host', 'host'], ['overhead', 'overhead']
  ];

  function normalise(key) { return String(key).toLowerCase().replace(/[^a-z]/g, ''); }

  function number(value) {
    if (typeof value === 'number') { return value; }
    if (value && typeof value === 'object') {
      var keys = ['timeMs', 'ms', 'millis', 'seconds', 'value'];
      for (var i = 0; i < keys.length; i++) {
        if (typeof value[keys[i]] === 'number') { return keys[i] === 'seconds' ? value[keys[i]] * 1000 : value[keys[i]]; }
      }
    }
    return null;
  }

  /* {category label: ms} from an explanation's cost.msByCategory or a prediction's breakdown. */
  function breakdown(response) {
    var raw = response && ((response.cost && response.cost.msByCategory) || response.breakdown) || {};
    var byKey = {};
    if (Array.isArray(raw)) {
      raw.forEach(function (e) { byKey[normalise(e.category || e.name)] = number(e); });
    } else {
      Object.keys(raw).forEach(function (k) { byKey[normalise(k)] = number(raw[k]); });
    }
    var result = {};
    CATEGORIES.forEach(function (c) {
      var v = byKey[normalise(c[0])];
      if (v === undefined && c[0] === 'communication') { v = byKey.collectives; }
      result[c[1]] = typeof v === 'number' ? v : 0;
    });
    return result;
  }

  function answer(request) {
    return request.then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (json) {
        if (!r.ok) {
          var e = new Error(json.detail || json.title || ('HTTP ' + r.status));
          e.status = r.status;
          e.problem = json;
          throw e;
        }
        return json;
      });
    });
  }

  /* POST a prediction request as JSON. */
  function predict(endpoint, body) {
    return answer(fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify(body)
    }));
  }

  /* GET an explanation: the same fields as query parameters, optimizations comma-separated (left out when none). */
  function explain(endpoint, body) {
    var query = new URLSearchParams();
    Object.keys(body).forEach(function (k) {
      var v = body[k];
      if (Array.isArray(v)) {
        if (v.length) { query.set(k, v.join(',')); }
      } else if (v !== null && v !== undefined && v !== '') {
        query.set(k, String(v));
      }
    });
    return answer(fetch(endpoint + '?' + query.toString(), { headers: { 'Accept': 'application/json' } }));
  }

  window.costbenchPredictions = {
    categories: CATEGORIES.map(function (c) { return c[1]; }),
    breakdown: breakdown,
    predict: predict,
    explain: explain
  };
})();
