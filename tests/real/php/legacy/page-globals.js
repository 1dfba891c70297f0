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
/* The page's own React (a stand-in with React 18's surface): the widgets must never use it. */
window.React = {
  version: '18.3.1',
  createElement: function () {
    throw new Error('the page React was used');
  },
};
window.ReactDOM = {
  version: '18.3.1',
  createRoot: function () {
    throw new Error('the page ReactDOM was used');
  },
};
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
