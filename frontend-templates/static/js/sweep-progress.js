// Live progress of one sweep: polls its progress every second while it is queued or running, then reloads the page
// once so the results table shows every point.
(function () {
  const card = document.getElementById('sweep-progress');
  if (!card) return;
  const url = card.dataset.progressUrl;
  const active = (status) => status === 'QUEUED' || status === 'RUNNING';
  if (!active(card.dataset.status)) return;
  const bar = document.getElementById('sweep-bar');
  const status = document.getElementById('sweep-status');
  const counts = document.getElementById('sweep-counts');

  async function poll() {
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (response.ok) {
        const sweep = await response.json();
        const p = sweep.progress;
        const percent = p.total === 0 ? 100 : Math.floor(100 * p.done / p.total);
        bar.style.width = percent + '%';
        bar.parentElement.setAttribute('aria-valuenow', String(percent));
        status.textContent = sweep.status;
        status.className = 'status status-' + sweep.status.toLowerCase();
        counts.textContent = p.done + ' / ' + p.total + ' points, ' + p.failed + ' failed, ' + p.skipped + ' skipped';
        if (!active(sweep.status)) {
          window.location.reload();
          return;
        }
      }
    } catch (e) {
      // Network hiccup: try again on the next tick.
    }
    setTimeout(poll, 1000);
  }
  setTimeout(poll, 1000);
})();
