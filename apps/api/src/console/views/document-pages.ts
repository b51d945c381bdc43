/** The invoice list, a document's share link, the period exports. */
export const DOCUMENT_VIEWS: Record<string, string> = {
  documents: `<form method="get" action="/console/documents" class="filters">
  {{> input name="fy" label="Financial year (start)" value=filter.fy autocomplete="off" hint="e.g. 2025 for 2025-26"}}
  <div class="field"><label for="f-status">Status</label><select id="f-status" name="status"><option value="">Any</option>{{#each statuses}}<option value="{{value}}"{{#if selected}} selected{{/if}}>{{value}}</option>{{/each}}</select></div>
  {{> input name="client_id" label="Client id" value=filter.client_id autocomplete="off"}}
  {{> input name="search" label="Search" type="search" value=filter.search autocomplete="off" hint="Number or client name"}}
  <button type="submit">Filter</button>
</form>
{{#if invoices.length}}<table>
<caption>Invoices {{page.from}}–{{page.to}} of {{page.total}}</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Date</th><th scope="col">Status</th><th scope="col">Payment</th><th scope="col" class="num">Total</th><th scope="col"><span class="sr">Links</span></th></tr></thead>
<tbody>{{#each invoices}}<tr><td>{{invoiceNumber}}</td><td>{{invoiceDate}}</td><td>{{status}}</td><td>{{paymentStatus}}</td><td class="num">{{currency}} {{totalAmount}}</td>
<td><a href="/console/documents/invoice/{{id}}/pdf">PDF<span class="sr"> of {{invoiceNumber}}</span></a> · <a href="/console/documents/invoice/{{id}}/share">Share<span class="sr"> {{invoiceNumber}}</span></a></td></tr>{{/each}}</tbody>
</table>{{else}}<p>No invoice matches.</p>{{/if}}
<nav aria-label="Pages" class="pages">{{#if page.prev}}<a href="{{page.prev}}">Previous</a>{{/if}} {{#if page.next}}<a href="{{page.next}}">Next</a>{{/if}}</nav>
<h2>Exports of a period</h2>
<form method="get" action="/console/exports/gstr1" class="filters">
  {{> input name="period" label="Month" value=period autocomplete="off" hint="YYYY-MM"}}
  <div class="field"><label for="f-format">Export</label><select id="f-format" name="format"><option value="json">GSTR-1 JSON (portal upload)</option><option value="xlsx">GSTR-1 workbook</option><option value="gstr3b">GSTR-3B workbook</option></select></div>
  <button type="submit">Download</button>
</form>`,
  share: `<p>Anyone with this link can open the PDF of invoice {{number}} until you revoke the link from the app or the API.</p>
<div class="copy"><label class="sr" for="share-url">Share link</label><input id="share-url" readonly value="{{url}}"><button type="button" data-copy="share-url">Copy</button></div>
<p><a href="/console/documents">Back to documents</a></p>`,
};
