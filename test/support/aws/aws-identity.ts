/** The one emulated account and region every emulator names its resources in. */
export const ACCOUNT_ID = '000000000000';
export const REGION = 'eu-central-1';

/** `arn:aws:<service>:<region>:<account>:<resource>`; S3 ARNs carry neither region nor account. */
export const arn = (service: string, resource: string, region = REGION, account = ACCOUNT_ID) => `arn:aws:${service}:${region}:${account}:${resource}`;
