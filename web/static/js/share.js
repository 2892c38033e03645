// Share: the dialog that gives a page's link, the code that embeds it in
// another site, and its board as a PNG or an animated GIF, all served by
// the server (docs/api.md); and the import of a readable game record
// into the analysis board.

import { h } from './dom.js';
import { t } from './i18n.js';

/** copyField is a read-only field with a button that copies it. */
function copyField(id, label, value, multiline = false) {
  const field = h(multiline ? 'textarea' : 'input', { id, readonly: true, spellcheck: 'false', rows: multiline ? 3 : undefined });
  field.value = value;
  const copy = h('button', { type: 'button', id: id + '-copy' }, t('share.copy'));
  copy.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(field.value); } catch { field.select(); document.execCommand('copy'); }
    copy.textContent = t('share.copied');
  });
  return [h('label', { for: id }, label), h('div', { class: 'share' }, [field, copy])];
}

/**
 * shareButton opens the Share dialog of what links() returns when
 * clicked: {link, embed (a URL to frame), png, gif (optional)}, each a
 * path on this server.
 */
export function shareButton(links) {
  const btn = h('button', { type: 'button', id: 'share-open' }, t('share.button'));
  btn.addEventListener('click', () => {
    document.querySelector('dialog.share-dialog')?.remove();
    const l = links();
    const abs = (p) => location.origin + p;
    const frame = `<iframe src="${abs(l.embed)}" width="480" height="560" style="border:0" title="Plateau" loading="lazy"></iframe>`;
    const close = h('button', { type: 'button', id: 'share-close' }, t('share.close'));
    const dlg = h('dialog', { class: 'newgame share-dialog', 'aria-label': t('share.title') }, [
      h('h2', {}, t('share.title')),
      ...copyField('share-link', t('share.link'), abs(l.link)),
      ...copyField('share-embed', t('share.embed'), frame, true),
      h('p', { class: 'actions' }, [
        h('a', { href: l.png, class: 'button', id: 'share-png', download: '' }, t('share.png')),
        l.gif ? h('a', { href: l.gif, class: 'button', id: 'share-gif', download: '' }, t('share.gif')) : null,
        l.record ? h('a', { href: l.record, class: 'button', id: 'share-record', download: '' }, t('share.record')) : null,
      ]),
      close,
    ]);
    close.addEventListener('click', () => dlg.close());
    dlg.addEventListener('close', () => dlg.remove());
    document.body.append(dlg);
    dlg.showModal();
  });
  return btn;
}

/** gameLinks are the shared links of a stored game, at a ply or its end. */
export function gameLinks(id, ply = null) {
  const e = encodeURIComponent(id);
  const at = ply === null ? '' : '?ply=' + ply;
  return {
    link: ply === null ? `/game/${e}` : `/replay/${e}/${ply}`,
    embed: `/embed/game/${e}${at}`,
    png: `/api/games/${e}/picture.png${at}`,
    gif: `/api/games/${e}/game.gif`,
    record: `/api/games/${e}/record.txt`,
  };
}

/**
 * importForm reads a readable record pasted or from a file, has the
 * server check it against the rules, and calls done({game, start, moves})
 * with what it holds; an error names the line and the move.
 */
export function importForm(game, done) {
  const text = h('textarea', { id: 'import-text', rows: 4, spellcheck: 'false' });
  const file = h('input', { type: 'file', id: 'import-file', accept: '.txt,text/plain' });
  const msg = h('p', { class: 'error', id: 'import-error', role: 'alert' });
  const form = h('form', { class: 'import' }, [
    h('h2', { class: 'small' }, t('share.import')), h('p', { class: 'note' }, t('share.importAbout')),
    h('label', { for: 'import-text' }, t('share.importText')), text,
    h('label', { for: 'import-file' }, t('share.importFile')), file,
    h('button', { type: 'submit', id: 'import-go' }, t('share.importButton')), msg,
  ]);
  file.addEventListener('change', async () => { if (file.files[0]) text.value = await file.files[0].text(); });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    try {
      const res = await fetch('/api/records/import?game=' + encodeURIComponent(game), { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text.value });
      const data = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(data.error || res.statusText);
      done(data);
    } catch (err) {
      msg.textContent = t('share.importFailed', err.message);
    }
  });
  return form;
}
