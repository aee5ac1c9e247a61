package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.secret.Secrets;
import java.net.URI;
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
 * @param requestTimeout how long one attempt of a request may take
 */
public record GlueRegistrySettings(
    String region,
    String registryName,
    URI endpointOverride,
    String accessKeyId,
    String secretAccessKey,
    String sessionToken,
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
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException(
          "AWS Glue request timeout must be positive, got " + requestTimeout);
    }
  }

  /** Settings for a region, with the default credentials chain, Glue's endpoint and the default timeout. */
  public static GlueRegistrySettings of(String region) {
    return new GlueRegistrySettings(region, null, null, null, null, null, DEFAULT_REQUEST_TIMEOUT);
  }

  public GlueRegistrySettings withRegistryName(String name) {
    return new GlueRegistrySettings(
        region, name, endpointOverride, accessKeyId, secretAccessKey, sessionToken, requestTimeout);
  }

  public GlueRegistrySettings withEndpoint(URI endpoint) {
    return new GlueRegistrySettings(
        region, registryName, endpoint, accessKeyId, secretAccessKey, sessionToken, requestTimeout);
  }

  public GlueRegistrySettings withStaticCredentials(String keyId, String secretKey) {
    return new GlueRegistrySettings(
        region, registryName, endpointOverride, keyId, secretKey, null, requestTimeout);
  }

  public GlueRegistrySettings withSessionCredentials(String keyId, String secretKey, String token) {
    return new GlueRegistrySettings(
        region, registryName, endpointOverride, keyId, secretKey, token, requestTimeout);
  }

  public GlueRegistrySettings withRequestTimeout(Duration timeout) {
    return new GlueRegistrySettings(
        region,
        registryName,
        endpointOverride,
        accessKeyId,
        secretAccessKey,
        sessionToken,
        timeout);
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
        + ", requestTimeout=" + requestTimeout + "]";
  }
}
