package io.mink.samples.produce;

import java.net.URI;

/**
 * The schema registries the producers register their schemas with.
 *
 * @param confluentUrl a Confluent-compatible registry (Confluent Schema Registry, or Apicurio's ccompat API), for
 *     header GUIDs; null when none
 * @param apicurioUrl Apicurio Registry 3's own API, which Apicurio's serdes call, for the Confluent prefix; null
 *     when none
 * @param glue AWS Glue's schema registry, for the Glue prefix; null when none
 */
public record Registries(String confluentUrl, String apicurioUrl, Glue glue) {

  /**
   * An AWS Glue schema registry; credentials come from the AWS default chain (environment, profile, instance role).
   *
   * @param endpoint Glue's endpoint, or null for the region's
   * @param registryName the Glue registry the schemas go to
   * @param zlib whether payloads are zlib-compressed (compression byte 5)
   */
  public record Glue(String region, URI endpoint, String registryName, boolean zlib) {
    public static final String DEFAULT_REGISTRY = "default-registry";

    public Glue {
      if (region == null || region.isBlank()) {
        throw new IllegalArgumentException(
            "The Glue producer needs an AWS region, such as us-east-1");
      }
      registryName = registryName == null ? DEFAULT_REGISTRY : registryName;
    }
  }

  /**
   * The Apicurio Registry 3 API that a registry at {@code url} serves beside its Confluent API: the testkit's
   * FakeSchemaRegistry serves it under {@code /apis/registry/v3}.
   */
  public static String apicurioApiOf(String url) {
    return url.replaceAll("/+$", "") + "/apis/registry/v3";
  }

  String requireConfluentUrl(WireFormat format) {
    if (confluentUrl == null) {
      throw new IllegalArgumentException("Writing " + format.title()
          + " needs a Confluent-compatible registry: give" + " its URL with --registry");
    }
    return confluentUrl;
  }

  String requireApicurioUrl(WireFormat format) {
    if (apicurioUrl == null) {
      throw new IllegalArgumentException(
          "Writing the " + format.title() + " with Apicurio's serdes needs an Apicurio"
              + " Registry 3 API: give --apicurio-registry, or --registry for a registry that serves both APIs");
    }
    return apicurioUrl;
  }

  Glue requireGlue() {
    if (glue == null) {
      throw new IllegalArgumentException(
          "Writing the Glue prefix needs an AWS Glue schema registry: give its region"
              + " with --glue-region (and --glue-endpoint for a stand-in or a private endpoint)");
    }
    return glue;
  }
}
