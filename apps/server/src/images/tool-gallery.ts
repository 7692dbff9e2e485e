import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { OutputInfo } from 'sharp';
import { entityIdSchema } from '@voltline/shared/id';
import { PICTURE_WIDTHS, srcsetOf, TOOL_PICTURES_MAX, toolPictureMessages, type PictureSize, type ToolPicture } from '@voltline/shared/tool-pictures';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { Database, DbTransaction } from '../db/client.ts';
import { images, toolPictures, tools } from '../db/schema.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import { unrationed, type Ration } from '../platform/turns.ts';
import { decodeUpload, notAnImage, uploadFormat } from './images-service.ts';

type PictureRow = typeof toolPictures.$inferSelect;
const SIZES = Object.keys(PICTURE_WIDTHS) as PictureSize[];

/** JPEG and PNG stay as they came (every browser draws them); WebP has no other; the rest become JPEG. */
const originalFormatOf = (format: string): 'jpeg' | 'png' | 'webp' => (format === 'png' ? 'png' : format === 'webp' ? 'webp' : 'jpeg');

const url = (imageId: string) => `/api/images/${imageId}`;
const idOr404 = (id: string, message: string) => {
  const parsed = entityIdSchema.safeParse(id);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
};

/**
 * A tool's gallery (issue 40, item 4; decision 054). Each upload is drawn once, at three widths in
 * WebP and in its own format, into `images` (served for good by /api/images/{id}); the first
 * picture's page drawing is the tool's `img`, so the spec's API and every list show it. Drawings
 * are never deleted: an order keeps the img its tool had when it was placed.
 */
export function createToolGallery(db: Database, cache: JsonCache) {
  /** The tool's row locked: the gallery's count and order change one at a time per tool. */
  async function lockTool(tx: DbTransaction, toolId: string) {
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for('no key update');
    if (!tool) throw notFound('Tool not found');
  }

  async function picturesOf(executor: Database | DbTransaction, toolId: string): Promise<PictureRow[]> {
    return executor.select().from(toolPictures).where(eq(toolPictures.toolId, toolId)).orderBy(asc(toolPictures.position), asc(toolPictures.createdAt));
  }

  async function widthsOf(executor: Database | DbTransaction, ids: string[]): Promise<Map<string, number>> {
    const rows = ids.length === 0 ? [] : await executor.select({ id: images.id, width: images.width }).from(images).where(inArray(images.id, ids));
    return new Map(rows.map((image) => [image.id, image.width]));
  }

  /**
   * Positions 0..n-1 in the order given, and the first picture as the tool's img, with the srcsets
   * of its card and page drawings that lists draw it from (tools.picture_srcset).
   */
  async function settle(tx: DbTransaction, toolId: string, ordered: PictureRow[]) {
    for (const [position, picture] of ordered.entries())
      if (picture.position !== position) await tx.update(toolPictures).set({ position }).where(eq(toolPictures.id, picture.id));
    const first = ordered[0];
    if (!first) return;
    const widths = await widthsOf(tx, [first.cardWebp, first.pageWebp]);
    // The original format is drawn at the WebP's widths.
    const srcset = (card: string, page: string) => srcsetOf([{ url: url(card), width: widths.get(first.cardWebp) ?? 0 }, { url: url(page), width: widths.get(first.pageWebp) ?? 0 }]);
    const img = url(first.pageWebp);
    await tx
      .update(tools)
      .set({ img, pictureSrcset: { img, webp: srcset(first.cardWebp, first.pageWebp), original: srcset(first.cardOriginal, first.pageOriginal) } })
      .where(eq(tools.id, toolId));
  }

  const changed = <T>(value: T) => {
    cache.invalidate();
    return value;
  };

  /** The gallery in order, each drawing's address and width, and the srcsets. */
  async function listPictures(toolId: string): Promise<ToolPicture[]> {
    const rows = await picturesOf(db, toolId);
    const widths = await widthsOf(db, rows.flatMap((row) => [row.cardWebp, row.cardOriginal, row.pageWebp, row.pageOriginal, row.zoomWebp, row.zoomOriginal]));
    return rows.map((row) => {
      const drawn = (webp: string, original: string) => ({ webp: url(webp), original: url(original), width: widths.get(webp) ?? 0 });
      const sizes = { card: drawn(row.cardWebp, row.cardOriginal), page: drawn(row.pageWebp, row.pageOriginal), zoom: drawn(row.zoomWebp, row.zoomOriginal) };
      const srcset = (format: 'webp' | 'original') => srcsetOf(SIZES.map((size) => ({ url: sizes[size][format], width: sizes[size].width })));
      return { _id: row.id, alt: row.alt, position: row.position, originalType: row.originalType, ...sizes, srcset: { webp: srcset('webp'), original: srcset('original') } };
    });
  }

  return {
    /**
     * GET /api/tools/{id}/pictures: kept serialised with the catalogue's answers until a tool or a
     * gallery changes, and read through the caller's ration as the other public reads are.
     */
    cachedList(toolId: string, ration: Ration = unrationed) {
      const id = idOr404(toolId, 'Tool not found');
      return cache.get(`pictures:${id}`, () => ration(() => listPictures(id)));
    },

    /** Adds a picture at the end; the ninth is refused in words. Drawn before the transaction (CPU), stored in it. */
    async add(admin: NonNullable<AuditActor>, toolId: string, bytes: Buffer, alt: string): Promise<{ _id: string }> {
      const uploadedBy = admin.userId;
      const id = idOr404(toolId, 'Tool not found');
      const format = originalFormatOf(await uploadFormat(bytes));
      const draw = async (width: number, as: 'webp' | typeof format): Promise<{ data: Buffer; info: OutputInfo }> => {
        try {
          const resized = decodeUpload(bytes).resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
          return await (as === 'webp' ? resized.webp({ quality: 82 }) : as === 'png' ? resized.png() : resized.jpeg({ quality: 85, mozjpeg: true })).toBuffer({ resolveWithObject: true });
        } catch {
          throw notAnImage();
        }
      };
      const drawings = await Promise.all(SIZES.flatMap((size) => [draw(PICTURE_WIDTHS[size], 'webp'), draw(PICTURE_WIDTHS[size], format)]));
      const row = await db.transaction(async (tx) => {
        await lockTool(tx, id);
        const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(toolPictures).where(eq(toolPictures.toolId, id));
        if (held >= TOOL_PICTURES_MAX) throw new AppError('conflict', toolPictureMessages.full);
        const stored = await tx
          .insert(images)
          .values(drawings.map(({ data, info }) => ({ contentType: `image/${info.format}`, bytes: data, width: info.width, height: info.height, uploadedBy })))
          .returning({ id: images.id });
        const [cardWebp, cardOriginal, pageWebp, pageOriginal, zoomWebp, zoomOriginal] = stored.map((image) => image.id) as [string, string, string, string, string, string];
        const [added] = await tx
          .insert(toolPictures)
          .values({ toolId: id, position: held, alt, originalType: `image/${format}`, cardWebp, cardOriginal, pageWebp, pageOriginal, zoomWebp, zoomOriginal })
          .returning();
        if (held === 0) await settle(tx, id, [added!]);
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'picture added', subject: id, before: null, after: { pictureId: added!.id, position: held, alt } });
        return added!;
      });
      return changed({ _id: row.id });
    },

    /** PUT …/pictures/order: every picture of the tool once; the first becomes the tool's img. */
    async reorder(admin: AuditActor, toolId: string, pictureIds: string[]): Promise<{ acknowledged: true }> {
      const id = idOr404(toolId, 'Tool not found');
      await db.transaction(async (tx) => {
        await lockTool(tx, id);
        const current = await picturesOf(tx, id);
        const byId = new Map(current.map((picture) => [picture.id, picture]));
        if (pictureIds.length !== current.length || new Set(pictureIds).size !== current.length || !pictureIds.every((pictureId) => byId.has(pictureId)))
          throw new AppError('invalid_data', toolPictureMessages.orderNotWhole);
        await settle(tx, id, pictureIds.map((pictureId) => byId.get(pictureId)!));
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'pictures reordered', subject: id, before: { pictureIds: current.map((picture) => picture.id) }, after: { pictureIds } });
      });
      return changed({ acknowledged: true });
    },

    async setAlt(admin: AuditActor, toolId: string, pictureId: string, alt: string): Promise<{ acknowledged: true }> {
      await db.transaction(async (tx) => {
        const picture = and(eq(toolPictures.id, idOr404(pictureId, toolPictureMessages.notFound)), eq(toolPictures.toolId, idOr404(toolId, toolPictureMessages.notFound)));
        const [before] = await tx.select({ alt: toolPictures.alt }).from(toolPictures).where(picture).for('update');
        const [updated] = await tx.update(toolPictures).set({ alt }).where(picture).returning({ id: toolPictures.id, toolId: toolPictures.toolId });
        if (!before || !updated) throw notFound(toolPictureMessages.notFound);
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'picture text changed', subject: updated.toolId, before: { pictureId: updated.id, alt: before.alt }, after: { pictureId: updated.id, alt } });
      });
      return changed({ acknowledged: true });
    },

    /** Removes a picture; those after it move up, and a new first becomes the tool's img (the last one removed leaves the img as it was). */
    async remove(admin: AuditActor, toolId: string, pictureId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const id = idOr404(toolId, toolPictureMessages.notFound);
      const picture = idOr404(pictureId, toolPictureMessages.notFound);
      await db.transaction(async (tx) => {
        await lockTool(tx, id);
        const [deleted] = await tx.delete(toolPictures).where(and(eq(toolPictures.id, picture), eq(toolPictures.toolId, id))).returning({ id: toolPictures.id, position: toolPictures.position, alt: toolPictures.alt });
        if (!deleted) throw notFound(toolPictureMessages.notFound);
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'picture removed', subject: id, before: { pictureId: deleted.id, position: deleted.position, alt: deleted.alt }, after: null });
        await settle(tx, id, await picturesOf(tx, id));
      });
      return changed({ acknowledged: true, deletedCount: 1 });
    },
  };
}
export type ToolGallery = ReturnType<typeof createToolGallery>;
