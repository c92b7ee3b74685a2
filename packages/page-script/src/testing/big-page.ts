/**
 * The large-page benchmark fixture: `rows` table rows, each with a link, plain text, a button, a text
 * input named by aria-label and a checkbox named by its wrapping label. Roughly what an admin list or
 * a search result page looks like, at a size where per-node costs show.
 */
export function bigPage(rows = 1000): string {
  const out: string[] = ['<!doctype html><html><head><title>Big table</title></head><body><h1>Orders</h1><table id="orders"><tbody>'];
  for (let i = 0; i < rows; i++) {
    out.push(
      `<tr><td><a href="/orders/${i}">Order ${i}</a></td><td>Placed by customer ${i}</td>` +
        `<td><button type="button">Refund ${i}</button></td>` +
        `<td><input type="text" aria-label="Note ${i}"></td>` +
        `<td><label><input type="checkbox"> Select ${i}</label></td></tr>`,
    );
  }
  out.push('</tbody></table></body></html>');
  return out.join('');
}
