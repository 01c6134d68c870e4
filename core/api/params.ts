import * as z from "zod";
import { LIMITS } from "../domain/limits";

/**
 * An id in a path: the shape every id Weft hands out has (`<prefix>_<ulid>`, and ids of older stores),
 * bounded so that no lookup key exceeds the store's. Anything else is answered 404 by the router.
 */
export const ResourceId = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${LIMITS.idChars}}$`));
export const IdParam = z.object({ id: ResourceId });
