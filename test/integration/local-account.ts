/** The account the stand-ins' URLs and ARNs name, their clients' credentials and their answers' metadata. */
export const ACCOUNT = "000000000000";
export const credentials = { accessKeyId: "local", secretAccessKey: "local" };
export const metadata = { $metadata: {} };
