import type { PictureFormat } from '../../domain/media/picture.ts';
import type { PictureResizer } from '../../domain/media/ports.ts';

/** How hard each format is squeezed: photographs on a news site, at the size shown. */
const QUALITY: Record<PictureFormat, number | undefined> = { 'image/avif': 60, 'image/webp': 78, 'image/jpeg': 82, 'image/png': undefined };

const streamOf = (bytes: Uint8Array) => new Blob([bytes]).stream();

/**
 * Pictures through Cloudflare's Images binding (decision 047). On Cloudflare it is the Images
 * service; under wrangler dev and in the tests' workerd, Miniflare runs it locally through sharp.
 */
export class ImagesBindingResizer implements PictureResizer {
  constructor(private readonly images: ImagesBinding) {}

  async dimensions(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
    try {
      const info = await this.images.info(streamOf(bytes));
      return 'width' in info ? { width: info.width, height: info.height } : null;
    } catch {
      return null;
    }
  }

  async resize(
    bytes: Uint8Array,
    width: number,
    format: PictureFormat,
  ): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
    const result = await this.images
      .input(streamOf(bytes))
      .transform({ width, fit: 'scale-down' })
      .output({ format, quality: QUALITY[format] });
    return { body: result.image(), contentType: result.contentType() };
  }
}
