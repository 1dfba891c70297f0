/* What old pages leave on the globals: Prototype 1.6's toJSON, an extended Object.prototype, an AMD/CommonJS
   loader's names, a React of their own, a custom element of their own, and an onload handler (added here:
   the page's strict CSP forbids inline handlers). */
Array.prototype.toJSON = function () {
  var parts = [];
  for (var i = 0; i < this.length; i++) parts.push('"' + String(this[i]) + '"');
  return '[' + parts.join(', ') + ']';
};
String.prototype.toJSON = function () {
  return '"' + this + '"';
};
Object.prototype.extendedByThePage = function () {
  return 'extended';
};
window.define = function () {
  throw new Error('the page AMD define was called');
};
window.define.amd = { jQuery: true };
window.module = { exports: {} };
window.exports = window.module.exports;
/* The page's own React 18 (react18.php, loaded before this file as an old page loads its libraries): a
   small component of the page's, rendered once the document is parsed. The widgets must never use it, and
   it must keep working beside them (their toolbar brings React 19 in its own chunk). */
function renderGradeSummary() {
  var e = window.React.createElement;
  function GradeSummary() {
    var state = window.React.useState(0);
    return e(
      'button',
      {
        type: 'button',
        id: 'grade-count',
        onClick: function () {
          state[1](state[0] + 1);
        },
      },
      'React ' + window.React.version + ': grades opened ' + state[0],
    );
  }
  window.ReactDOM.createRoot(document.getElementById('grade-summary')).render(e(GradeSummary));
}
document.addEventListener('DOMContentLoaded', renderGradeSummary);
customElements.define(
  'school-clock',
  class extends HTMLElement {
    connectedCallback() {
      this.textContent = 'clock';
    }
  },
);
function legacyOnLoad() {
  document.body.setAttribute('data-onload', 'ran');
}
window.addEventListener('load', legacyOnLoad);
