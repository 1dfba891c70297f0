/** Client support requests the record-video tool attaches videos to (SPEC section 2, section 8). */
export interface DemoSupportRequest {
  client_request_id: number;
  title: string;
  has_draft_document: boolean;
}

export const SUPPORT_REQUESTS: readonly DemoSupportRequest[] = [
  {
    client_request_id: 4101,
    title: 'Gradebook totals do not refresh after an import',
    has_draft_document: false,
  },
  { client_request_id: 4102, title: 'Exam timer skips a minute on resume', has_draft_document: true },
  { client_request_id: 4103, title: 'Rotation calendar shows the wrong site', has_draft_document: false },
  {
    client_request_id: 4104,
    title: 'Clinical hours export is missing preceptor names',
    has_draft_document: false,
  },
];

/** The `display` text: says when a request already has a draft document, as SPEC section 8 requires. */
export function supportDisplay(
  request: Pick<DemoSupportRequest, 'client_request_id' | 'title' | 'has_draft_document'>,
): string {
  const base = `#${request.client_request_id} ${request.title}`;
  return request.has_draft_document ? `${base} (has a draft document)` : base;
}
