// The one script of the public pages, which are not hydrated (docs/decisions/022): their menu (a popover),
// FAQ (<details>) and billing-period toggle (radio buttons and CSS) need none. The server cannot see the
// address's #fragment, so the language switch would drop it: put it back into the form's redirectTo.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== "/set-language") return;
  const redirectTo = form.elements.namedItem("redirectTo");
  if (redirectTo instanceof HTMLInputElement) redirectTo.value = location.pathname + location.search + location.hash;
});
