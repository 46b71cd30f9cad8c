/**
 * The keys the core understands, with their defaults: this table is the embedded default
 * configuration. Plugins declare their own keys in their definition; anything else in a config
 * file is reported as unknown (a warning, since a typo there silently changes nothing).
 */

/** A config key the core reads. */
export interface ConfigKeyDefinition {
  readonly description: string;
  /** Used when no file or flag sets the key. */
  readonly default?: string;
}

/** Every key the core reads, with its default. */
export const CORE_CONFIG_KEYS: Readonly<Record<string, ConfigKeyDefinition>> = {
  include: { description: 'another config file to read here; missing is an error' },
  opt_include: { description: 'another config file to read here when it exists' },
  opt_override: { description: 'a config file whose keys replace those of every other file' },
  source: { description: 'a datasource definition to open at startup (repeatable)' },
  channel_hop: { description: 'hop channels on sources that can, unless a source says channel_hop=false', default: 'true' },
  channel_hop_speed: { description: 'default hop rate: N/sec, N/min or N/dwell', default: '5/sec' },
  split_source_hopping: { description: 'sources of one type split a shared hop list', default: 'true' },
  randomized_hopping: { description: 'shuffle hop lists', default: 'true' },
  retry_on_source_error: { description: 're-open a failed source after a back-off (source_retry_delay)', default: 'true' },
  source_retry_delay: { description: 'seconds before a failed source is re-opened; doubles per attempt up to 60 s', default: '5' },
  override_remote_timestamp: { description: 'replace remote capture packet times with server time', default: 'true' },
  remote_capture_enabled: { description: 'accept remote capture tools on a plain TCP port (no login: keep it on loopback)', default: 'false' },
  remote_capture_listen: { description: 'address of the remote capture TCP listener', default: '127.0.0.1' },
  remote_capture_port: { description: 'port of the remote capture TCP listener', default: '3501' },
  remote_capture_key: { description: 'shared key the remote capture TCP listener requires before anything else (svc capture --tcp --apikey sends it); none by default' },
  remote_capture_max_sources: { description: 'remote sources (capture tools, scan reporters) kept at most; a new one past it is refused until others are forgotten', default: '256' },
  remote_capture_forget_after: { description: 'seconds after which a remote source whose tool has gone is removed', default: '3600' },
  plugin: { description: 'a plugin package to load (repeatable)' },
  gps: { description: 'a GPS to read: type:option=value,... (gps=serial:device=/dev/ttyUSB0,baud=4800, gps=virtual:lat=..,lon=..); repeatable, first valid wins' },
  gps_fix_valid_time: { description: 'seconds a GPS fix stays current after the GPS reported it', default: '10' },
  plugin_dir: { description: 'directory of the plugins svc plugin install puts there with npm (relative to the config dir)', default: 'plugins' },
  plugin_disable: { description: 'a plugin package not to load, first-party ones included (repeatable)' },
  log_level: { description: 'what the server log keeps: debug, info, warn or error', default: 'info' },
  server_name: { description: 'name of this server in status', default: 'svc' },
  server_description: { description: 'description of this server in status', default: '' },
  server_location: { description: 'location of this server in status', default: '' },
  httpd_port: { description: 'HTTP and websocket port', default: '2501' },
  httpd_bind_address: { description: 'address the HTTP server listens on', default: '127.0.0.1' },
  httpd_username: { description: 'admin login name' },
  httpd_password: { description: 'admin login password' },
  httpd_auth_file: { description: 'file holding the admin login, created on first start', default: 'svc_httpd.conf' },
  httpd_session_db: { description: 'file holding API keys', default: 'session.db' },
  httpd_session_timeout: { description: 'seconds a login session cookie stays valid without use', default: '7200' },
  httpd_allow_auth_creation: { description: 'whether API keys can be created', default: 'true' },
  httpd_allow_auth_view: { description: 'whether API key tokens are shown in the key list', default: 'true' },
  httpd_uri_prefix: { description: 'serve the web app, the API and every websocket under this path (/svc) for a reverse proxy', default: '' },
  httpd_max_body: { description: 'largest request body accepted, in bytes', default: '100000' },
  monitor_subscriptions_per_socket: { description: 'device monitor subscriptions one websocket may hold', default: '32' },
  monitor_subscriptions_total: { description: 'device monitor subscriptions the server holds at most, over every websocket', default: '1024' },
  httpd_query_budget: { description: 'seconds one device request may spend scanning (regex filters over a view) before it is stopped with a 503', default: '10' },
  message_backlog: { description: 'messages kept for /messagebus', default: '50' },
  alertbacklog: { description: 'alerts kept for /alerts', default: '50' },
  alert: { description: 'alert throttle override: NAME,throttle,burst (repeatable)' },
  alert_sink: { description: 'deliver alerts somewhere: type:option=value,... (alert_sink=webhook:url=https://host/path, alert_sink=syslog:host=..,transport=tcp); headers="A,B" and severity= filter (repeatable)' },
  view: { description: 'a user device view: <id>:<description>:<field path>:<regex> (repeatable)' },
  manuf_lookup: { description: 'look device manufacturers up in the IEEE OUI registry', default: 'true' },
  track_device_rrds: { description: 'keep per-device packet history (packets_rrd)', default: 'true' },
  tracker_device_timeout: { description: 'seconds without packets after which a device is forgotten; 0 = never', default: '0' },
  tracker_max_devices: { description: 'devices kept at most, the least recently heard dropped first; 0 = unlimited', default: '0' },
  tracker_state_file: { description: 'file keeping device names and tags set by users (in the config dir unless absolute)', default: 'device_annotations.json' },
  enable_logging: { description: 'write logs (svc start -n turns it off for one run)', default: 'true' },
  log_types: { description: 'log types opened at start, comma separated: svcdb, pcapng, and those plugins add (kismet means svcdb)', default: 'svcdb' },
  log_prefix: { description: 'directory of the logs (in the config dir unless absolute)', default: 'logs' },
  log_title: { description: 'first part of every log file name (svc start -t sets it)', default: 'svc' },
  log_packets: { description: 'keep captured frames in the logs (false keeps devices, records, alerts and messages)', default: 'true' },
  log_device_interval: { description: 'seconds between two writes of one changed device to the logs', default: '30' },
  log_max_bytes: { description: 'bytes after which a log is closed and a new one opened; 0 = never', default: '0' },
  log_max_age: { description: 'seconds after which a log is closed and a new one opened; 0 = never', default: '0' },
  server_uuid: { description: 'fixed server UUID; by default one is generated and kept in the config dir' },
};
