import { MemoryBlobStore } from "../../core/adapters/memory/blobs";
import { describeBlobStoreContract } from "./blob-store.contract";

/** The simulation's blob store keeps the port's promises, as the files and S3 do. */
describeBlobStoreContract("MemoryBlobStore", async () => new MemoryBlobStore());
