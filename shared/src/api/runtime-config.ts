/**
 * The shape of `/config.json`, the runtime configuration the frontend reads at start. CDK writes
 * it at deploy; the local runtime serves it. Same shape in both places.
 */
export interface RuntimeConfig {
  /** Base URL of the API, usually '/api' on the same origin. */
  apiBaseUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Cognito endpoint override (cognito-local); absent on AWS. */
  userPoolEndpoint?: string;
  /** MQTT over WebSocket URL for the watch emulator and live updates. */
  mqttUrl: string;
  /**
   * The deployment's MQTT topic root, two levels like `staging/v1` (decision 0011); absent means
   * `portal/v1`. The functions read the same value from MQTT_TOPIC_ROOT.
   */
  mqttTopicRoot?: string;
}
