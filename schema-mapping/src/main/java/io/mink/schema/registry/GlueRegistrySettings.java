package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.secret.Secrets;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * How to reach the AWS Glue Schema Registry. A Glue schema version UUID is unique in its account
 * and region, so the registry name only shows up in messages.
 *
 * @param region the AWS region, such as us-east-1
 * @param registryName the Glue registry the producers use, or null (informational)
 * @param endpointOverride Glue's endpoint, or null for the region's
 * @param accessKeyId a static access key id, or null for the default AWS credentials chain
 * @param secretAccessKey its secret key, or null
 * @param sessionToken a session token for temporary static keys, or null
 * @param profile a named profile of an AWS credentials file, or null
 * @param credentialsFile the AWS credentials file to read the profile from, or null for the AWS
 *     SDK's own files ({@code ~/.aws/credentials} and {@code ~/.aws/config}, or where
 *     {@code AWS_SHARED_CREDENTIALS_FILE} and {@code AWS_CONFIG_FILE} point)
 * @param requestTimeout how long one attempt of a request may take
 */
public record GlueRegistrySettings(
    String region,
    String registryName,
    URI endpointOverride,
    String accessKeyId,
    String secretAccessKey,
    String sessionToken,
    String profile,
    Path credentialsFile,
    Duration requestTimeout) {

  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);

  public GlueRegistrySettings {
    requireNonNull(requestTimeout, "requestTimeout is null");
    if (region == null || region.isBlank()) {
      throw new IllegalArgumentException(
          "AWS Glue schema registry needs a region, such as us-east-1");
    }
    if (!region.matches("[a-z0-9-]+")) {
      throw new IllegalArgumentException("AWS Glue schema registry region '" + region
          + "' is not a region name: write it like us-east-1");
    }
    if (endpointOverride != null) {
      String scheme = endpointOverride.getScheme() == null
          ? ""
          : endpointOverride.getScheme().toLowerCase(Locale.ROOT);
      if (!(scheme.equals("http") || scheme.equals("https"))
          || endpointOverride.getHost() == null) {
        throw new IllegalArgumentException(
            "AWS Glue endpoint '" + endpointOverride
                + "' is not an http:// or https:// URL: write it like https://glue.us-east-1.amazonaws.com");
      }
    }
    if ((accessKeyId == null) != (secretAccessKey == null)) {
      throw new IllegalArgumentException(
          "AWS Glue static credentials need both an access key id and a secret access"
              + " key; only the " + (accessKeyId == null ? "secret access key" : "access key id")
              + " is set. Give both,"
              + " or neither to use the default AWS credentials chain");
    }
    if (sessionToken != null && accessKeyId == null) {
      throw new IllegalArgumentException(
          "AWS Glue session token is set without an access key id and secret access key:"
              + " give all three, or none to use the default AWS credentials chain");
    }
    if (profile != null && profile.isBlank()) {
      throw new IllegalArgumentException(
          "AWS Glue profile (schema_registry.glue_profile) is blank: give the profile's name,"
              + " or none to use the default AWS credentials chain");
    }
    if (accessKeyId != null && (profile != null || credentialsFile != null)) {
      throw new IllegalArgumentException(
          "AWS Glue credentials are given twice: as static keys (glue_access_key_id) and as a"
              + " profile (glue_profile, glue_credentials_file); keep one");
    }
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException(
          "AWS Glue request timeout must be positive, got " + requestTimeout);
    }
  }

  /** Settings for a region, with the default credentials chain, Glue's endpoint and the default timeout. */
  public static GlueRegistrySettings of(String region) {
    return new GlueRegistrySettings(
        region, null, null, null, null, null, null, null, DEFAULT_REQUEST_TIMEOUT);
  }

  public GlueRegistrySettings withRegistryName(String name) {
    return new GlueRegistrySettings(
        region,
        name,
        endpointOverride,
        accessKeyId,
        secretAccessKey,
        sessionToken,
        profile,
        credentialsFile,
        requestTimeout);
  }

  public GlueRegistrySettings withEndpoint(URI endpoint) {
    return new GlueRegistrySettings(
        region,
        registryName,
        endpoint,
        accessKeyId,
        secretAccessKey,
        sessionToken,
        profile,
        credentialsFile,
        requestTimeout);
  }

  public GlueRegistrySettings withStaticCredentials(String keyId, String secretKey) {
    return withSessionCredentials(keyId, secretKey, null);
  }

  /** Static keys with a session token (null for none), instead of any profile. */
  public GlueRegistrySettings withSessionCredentials(String keyId, String secretKey, String token) {
    return new GlueRegistrySettings(
        region,
        registryName,
        endpointOverride,
        keyId,
        secretKey,
        token,
        null,
        null,
        requestTimeout);
  }

  /**
   * A named profile (null for the default profile) from an AWS credentials file (null for the
   * SDK's own files), instead of any static keys.
   */
  public GlueRegistrySettings withProfile(String name, Path file) {
    return new GlueRegistrySettings(
        region, registryName, endpointOverride, null, null, null, name, file, requestTimeout);
  }

  public GlueRegistrySettings withRequestTimeout(Duration timeout) {
    return new GlueRegistrySettings(
        region,
        registryName,
        endpointOverride,
        accessKeyId,
        secretAccessKey,
        sessionToken,
        profile,
        credentialsFile,
        timeout);
  }

  /** Where Mink's AWS credentials come from, naming the setting, for messages. */
  public String credentialsSource() {
    if (accessKeyId != null) {
      return "the static access key id " + accessKeyId
          + " (schema_registry.glue_access_key_id and glue_secret_access_key"
          + (sessionToken == null ? "" : ", glue_session_token") + ")";
    }
    if (profile != null || credentialsFile != null) {
      return "the profile '" + (profile == null ? "default" : profile) + "' of "
          + (credentialsFile == null ? "the AWS credentials and config files" : credentialsFile)
          + " (schema_registry.glue_profile"
          + (credentialsFile == null ? "" : ", glue_credentials_file")
          + ")";
    }
    return "the default AWS credentials chain (environment, profile, container or instance role)";
  }

  /** Where the registry is, for messages. */
  public String describe() {
    return "the AWS Glue schema registry" + (registryName == null ? "" : " '" + registryName + "'")
        + " in " + region + (endpointOverride == null ? "" : " at " + endpointOverride);
  }

  @Override
  public String toString() {
    return "GlueRegistrySettings[region=" + region + ", registryName=" + registryName
        + ", endpointOverride="
        + endpointOverride + ", accessKeyId=" + Secrets.hidden(accessKeyId) + ", secretAccessKey="
        + Secrets.hidden(secretAccessKey) + ", sessionToken="
        + Secrets.hidden(sessionToken)
        + ", profile=" + profile + ", credentialsFile=" + credentialsFile
        + ", requestTimeout=" + requestTimeout + "]";
  }
}
