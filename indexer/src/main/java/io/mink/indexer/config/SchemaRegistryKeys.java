package io.mink.indexer.config;

/** The definitions of the [schema_registry] keys of {@code mink.toml}, listed by {@link ConfigKey}. */
final class SchemaRegistryKeys {
  static final KeyDefinition REGISTRY_URL = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "url",
      () -> null,
      "none",
      "\"http://schema-registry:8081\"",
      "Confluent-compatible schema registry URLs, comma separated; user info in a URL is its basic auth");

  static final KeyDefinition REGISTRY_BASIC_AUTH = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "basic_auth_user_info",
      () -> null,
      "none",
      "\"user:password\"",
      "Basic auth for the registry, as user:password");

  static final KeyDefinition REGISTRY_BEARER_TOKEN = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "bearer_token",
      () -> null,
      "none",
      "\"eyJhbGciOi...\"",
      "A bearer token for the registry, sent as Authorization: Bearer");

  static final KeyDefinition REGISTRY_BEARER_TOKEN_FILE = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "bearer_token_file",
      () -> null,
      "none",
      "\"/var/run/secrets/registry/token\"",
      "A file holding the registry's bearer token, read again at every request, so a rotated token needs no"
          + " restart");

  static final KeyDefinition REGISTRY_TRUSTSTORE = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_truststore_location",
      () -> null,
      "the JDK's trust",
      "\"/etc/mink/registry-trust.p12\"",
      "Certificates to trust for an https registry");

  static final KeyDefinition REGISTRY_TRUSTSTORE_PASSWORD = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_truststore_password",
      () -> null,
      "none",
      "\"changeit\"",
      "The trust store's password");

  static final KeyDefinition REGISTRY_TRUSTSTORE_TYPE = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_truststore_type",
      "PKCS12",
      "\"JKS\"",
      "The trust store's type: PKCS12 or JKS");

  static final KeyDefinition REGISTRY_KEYSTORE = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_keystore_location",
      () -> null,
      "none",
      "\"/etc/mink/registry-client.p12\"",
      "A client certificate and key for mutual TLS to the registry");

  static final KeyDefinition REGISTRY_KEYSTORE_PASSWORD = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_keystore_password",
      () -> null,
      "none",
      "\"changeit\"",
      "The key store's password");

  static final KeyDefinition REGISTRY_KEYSTORE_TYPE = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_keystore_type",
      "PKCS12",
      "\"JKS\"",
      "The key store's type: PKCS12 or JKS");

  static final KeyDefinition REGISTRY_KEY_PASSWORD = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "ssl_key_password",
      () -> null,
      "the key store's password",
      "\"changeit\"",
      "The password of the key in the key store");

  static final KeyDefinition REGISTRY_REQUEST_TIMEOUT = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "request_timeout",
      "30s",
      "\"30s\"",
      "How long one registry request may take before it is retried");

  static final KeyDefinition GLUE_REGION = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_region",
      () -> null,
      "none",
      "\"us-east-1\"",
      "The AWS region of the Glue schema registry; setting it enables Glue schema version ids");

  static final KeyDefinition GLUE_REGISTRY_NAME = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_registry_name",
      () -> null,
      "none",
      "\"orders-registry\"",
      "The Glue registry the producers use, shown in messages");

  static final KeyDefinition GLUE_ENDPOINT = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_endpoint",
      () -> null,
      "the region's",
      "\"http://localhost:4566\"",
      "Glue's endpoint, for a private endpoint or a stand-in");

  static final KeyDefinition GLUE_ACCESS_KEY_ID = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_access_key_id",
      () -> null,
      "none: the default AWS credentials chain",
      "\"AKIAIOSFODNN7EXAMPLE\"",
      "A static AWS access key id for Glue, with glue_secret_access_key");

  static final KeyDefinition GLUE_SECRET_ACCESS_KEY = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_secret_access_key",
      () -> null,
      "none",
      "\"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"",
      "The secret access key of glue_access_key_id");

  static final KeyDefinition GLUE_SESSION_TOKEN = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_session_token",
      () -> null,
      "none",
      "\"IQoJb3JpZ2luX2Vj...\"",
      "The session token of temporary static keys");

  static final KeyDefinition GLUE_PROFILE = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_profile",
      () -> null,
      "none: the default AWS credentials chain",
      "\"mink\"",
      "A named profile of the AWS credentials file to sign Glue requests with");

  static final KeyDefinition GLUE_CREDENTIALS_FILE = new KeyDefinition(
      ConfigKey.SCHEMA_REGISTRY,
      "glue_credentials_file",
      () -> null,
      "the AWS SDK's: ~/.aws/credentials and ~/.aws/config",
      "\"/etc/mink/aws-credentials\"",
      "The AWS credentials file glue_profile (or its default profile) is read from");

  private SchemaRegistryKeys() {}
}
