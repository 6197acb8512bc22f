// The set-up map: a click on a territory while another is selected builds or removes the road between them,
// sent as a POST by htmx and answered with the redrawn map. Selecting a territory stays an ordinary link.
document.addEventListener("click", (event) => {
  const link = event.target.closest("[data-toggle-neighbours] svg a");
  if (!link || !window.htmx) return;
  const url = link.getAttribute("href") || "";
  if (!url.includes("/neighbours/")) return;
  event.preventDefault();
  window.htmx.ajax("POST", url, { source: link, target: "#map-editor", swap: "outerHTML" });
});
