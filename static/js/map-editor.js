// The set-up map, tapped or clicked, and dragged:
// - a tap on an empty spot of the map puts its position in the "Add a territory" form (its x and y stay typable)
//   and marks the spot; the organiser names the territory and adds it;
// - a territory dragged and dropped is moved there, sent as a POST by htmx and answered with the redrawn map;
// - a tap on a territory while another is selected builds or removes the road between them (a POST by htmx);
//   selecting a territory stays an ordinary link.
// The POSTs go one at a time, each aimed at the map the one before drew: a second tap while the first is answered
// would otherwise redraw the map that the first answer has already replaced, and its road would not show.
(() => {
  const EDITOR = "[data-toggle-neighbours]";
  const DRAG_FROM = 6; // pixels a pointer moves before a press becomes a drag
  let drag = null;
  let dropped = false;
  let pending = Promise.resolve();

  function post(url, values) {
    pending = pending
      .then(() => window.htmx.ajax("POST", url, { target: "#map-editor", swap: "outerHTML", values }))
      .catch(() => {});
  }

  function pictureAt(svg, clientX, clientY) {
    const point = svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }

  // the map's 0–100 position of a point of the picture, or null outside the map
  function mapPosition(editor, local) {
    const margin = parseFloat(editor.dataset.mapMargin);
    const size = parseFloat(editor.dataset.mapSize);
    const across = ((local.x - margin) / size) * 100;
    const down = ((local.y - margin) / size) * 100;
    const clamp = (value) => Math.min(100, Math.max(0, Math.round(value * 10) / 10));
    if (across < -5 || across > 105 || down < -5 || down > 105) return null;
    return { x: clamp(across), y: clamp(down) };
  }

  document.addEventListener("pointerdown", (event) => {
    const group = event.target.closest(`${EDITOR} svg g.territory`);
    if (!group || event.button > 0) return;
    drag = {
      group,
      svg: group.ownerSVGElement,
      editor: group.closest(EDITOR),
      startX: event.clientX,
      startY: event.clientY,
      moved: false,
    };
  });

  document.addEventListener("pointermove", (event) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_FROM) return;
    drag.moved = true;
    event.preventDefault();
    const local = pictureAt(drag.svg, event.clientX, event.clientY);
    drag.group.setAttribute("transform", `translate(${local.x} ${local.y})`);
    drag.group.classList.add("dragged");
  });

  document.addEventListener("pointerup", (event) => {
    const done = drag;
    drag = null;
    if (!done || !done.moved || !window.htmx) return;
    dropped = true; // the click that follows the drop selects nothing
    const where = mapPosition(done.editor, pictureAt(done.svg, event.clientX, event.clientY));
    if (!where) {
      window.location.reload();
      return;
    }
    const url = `${done.editor.dataset.mapUrl}${done.group.dataset.territory}/move/`;
    post(url, where);
  });

  document.addEventListener("pointercancel", () => {
    drag = null;
  });

  document.addEventListener("click", (event) => {
    const editor = event.target.closest(EDITOR);
    if (!editor) return;
    if (dropped) {
      dropped = false;
      event.preventDefault();
      return;
    }
    const link = event.target.closest("svg a");
    if (link) {
      const url = link.getAttribute("href") || "";
      if (!url.includes("/neighbours/") || !window.htmx) return;
      event.preventDefault();
      post(url, {});
      return;
    }
    const svg = event.target.closest("svg");
    const form = document.getElementById("place-territory");
    if (!svg || !form) return;
    const where = mapPosition(editor, pictureAt(svg, event.clientX, event.clientY));
    if (!where) return;
    form.querySelector("[name=x]").value = where.x;
    form.querySelector("[name=y]").value = where.y;
    svg.querySelectorAll(".placing").forEach((mark) => mark.remove());
    const local = pictureAt(svg, event.clientX, event.clientY);
    const mark = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    mark.setAttribute("class", "placing");
    mark.setAttribute("cx", local.x);
    mark.setAttribute("cy", local.y);
    mark.setAttribute("r", 10);
    svg.appendChild(mark);
    const status = document.getElementById("place-status");
    if (status) status.textContent = status.dataset.placed.replace("{x}", where.x).replace("{y}", where.y);
    form.querySelector("[name=name]").focus();
  });
})();
