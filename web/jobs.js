// A background job of the API (POST /api/KIND starts it, GET polls it, DELETE cancels it; docs/api.md)
// driven by its panel's controls: the buttons PREFIX-start and PREFIX-cancel, the progress bar
// PREFIX-progress and the count PREFIX-count. onEnd(status) gets the job's last status document
// (its result, or why it ended). One job at a time per panel.
'use strict';

class ApiJob {
  constructor(kind, prefix, pollMs, onEnd) {
    Object.assign(this, { kind, prefix, pollMs, onEnd, id: null, timer: null });
  }

  running() { return this.id !== null; }

  el(name) { return $(`${this.prefix}-${name}`); }

  // Starts the job with request `req`; false when it could not start (the error is shown).
  async start(req) {
    if (this.running()) return false;
    try {
      const job = await api(this.kind, req);
      this.id = job.id;
      this.el('progress').max = Math.max(1, job.total || 1);
      this.el('progress').value = 0;
      this.el('start').disabled = true;
      this.el('cancel').disabled = false;
      this.poll();
      return true;
    } catch (e) {
      showError(e);
      return false;
    }
  }

  async poll() {
    if (!this.running()) return;
    try {
      const s = await api(`${this.kind}/${this.id}`);
      this.el('progress').max = Math.max(1, s.total);
      this.el('progress').value = s.done;
      this.el('count').textContent = `${s.done} / ${s.total} · ${s.elapsed.toFixed(1)} s`;
      if (s.status === 'running') {
        this.timer = setTimeout(() => this.poll(), this.pollMs);
        return;
      }
      this.end();
      this.onEnd(s);
    } catch (e) {
      this.end();
      showError(e);
    }
  }

  end() {
    if (this.timer) clearTimeout(this.timer);
    Object.assign(this, { id: null, timer: null });
    this.el('start').disabled = false;
    this.el('cancel').disabled = true;
  }

  // Asks the server to stop the job; the next poll shows how it ended.
  async cancel() {
    if (!this.running()) return;
    try {
      await api(`${this.kind}/${this.id}`, undefined, 'DELETE');
    } catch (e) {
      showError(e);
    }
  }
}
