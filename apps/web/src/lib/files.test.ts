import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, previewFile } from './files';
import { tokens } from './session';

function serve(res: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => res()),
  );
}

const file = (body: string, type: string, name?: string) =>
  new Response(body, {
    status: 200,
    headers: {
      'content-type': type,
      ...(name
        ? {
            'content-disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '-')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          }
        : {}),
    },
  });

describe('file preview and download', () => {
  let created: string[];
  let revoked: string[];
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    tokens.set({ accessToken: 'a', refreshToken: 'r' });
    vi.useFakeTimers();
    created = [];
    revoked = [];
    clicked = [];
    let n = 0;
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:test/${++n}`;
      created.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a PDF in a new tab and revokes the temporary address after 1 s', async () => {
    serve(() => file('%PDF-1.7', 'application/pdf'));
    const tab = { opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as Window);
    await expect(previewFile('/api/documents/1/preview', 'document-1')).resolves.toBe('opened');
    expect(open).toHaveBeenCalledWith('blob:test/1', '_blank');
    expect(tab.opener).toBeNull();
    vi.advanceTimersByTime(999);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:test/1']);
    expect(clicked).toEqual([]);
  });

  it('downloads a type that may not be shown, under the server name or the fallback', async () => {
    serve(() =>
      file('PK', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Plan — v2.docx'),
    );
    const open = vi.spyOn(window, 'open');
    await expect(previewFile('/api/documents/1/preview', 'document-1')).resolves.toBe('downloaded');
    expect(open).not.toHaveBeenCalled();
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'Plan — v2.docx' }]);

    serve(() => file('%PDF', 'application/pdf'));
    await downloadFile('/api/documents/2/download', 'document-2');
    expect(clicked[1]).toEqual({ href: 'blob:test/2', download: 'document-2' });
  });

  it('downloads instead when the pop-up is blocked', async () => {
    serve(() => file('hello', 'text/plain;charset=utf-8', 'notes.txt'));
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(previewFile('/api/documents/1/preview', 'document-1')).resolves.toBe('downloaded');
    expect(clicked.map((c) => c.download)).toEqual(['notes.txt']);
  });

  it("throws the server's message read from the blob answer, else 'Download failed' / 'Preview failed'", async () => {
    serve(
      () =>
        new Response(
          JSON.stringify({ success: false, message: 'Document not found', error: 'Document not found' }),
          {
            status: 404,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    await expect(downloadFile('/api/documents/x/download', 'd')).rejects.toThrow('Document not found');
    serve(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(downloadFile('/api/documents/x/download', 'd')).rejects.toThrow(/^Download failed$/);
    await expect(previewFile('/api/documents/x/preview', 'd')).rejects.toThrow(/^Preview failed$/);
  });
});
