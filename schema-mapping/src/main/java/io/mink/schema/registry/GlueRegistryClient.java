package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.RegistryUnavailableException.Fault;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.GlueClientBuilder;
import software.amazon.awssdk.services.glue.model.EntityNotFoundException;
import software.amazon.awssdk.services.glue.model.GetSchemaVersionRequest;
import software.amazon.awssdk.services.glue.model.GetSchemaVersionResponse;

/**
 * The AWS Glue Schema Registry through the AWS SDK: {@code GetSchemaVersion} by schema version
 * UUID. Glue schemas have no references. Confluent ids and GUIDs are not Glue's: asking for one is
 * a {@link SchemaNotFoundException}.
 */
public final class GlueRegistryClient implements SchemaRegistry, AutoCloseable {
  private static final Set<String> CREDENTIAL_ERRORS = Set.of(
      "AccessDeniedException",
      "UnrecognizedClientException",
      "InvalidSignatureException",
      "SignatureDoesNotMatch",
      "ExpiredTokenException",
      "InvalidClientTokenId",
      "MissingAuthenticationTokenException",
      "IncompleteSignature",
      "NotAuthorized");

  private final GlueClient glue;
  private final String where;
  private final String credentialsSource;

  /** A client over an SDK client built elsewhere; {@code where} names the registry in messages. */
  public GlueRegistryClient(GlueClient glue, String where) {
    this(glue, where, "Mink's AWS credentials");
  }

  private GlueRegistryClient(GlueClient glue, String where, String credentialsSource) {
    this.glue = requireNonNull(glue, "glue is null");
    this.where = requireNonNull(where, "where is null");
    this.credentialsSource = requireNonNull(credentialsSource, "credentialsSource is null");
  }

  /**
   * A client for these settings, on the SDK's URL-connection HTTP client.
   *
   * @throws IllegalArgumentException the settings name a profile that no credentials file holds
   */
  public static GlueRegistryClient create(GlueRegistrySettings settings) {
    requireNonNull(settings, "settings is null");
    GlueClientBuilder builder = GlueClient.builder()
        .region(Region.of(settings.region()))
        .credentialsProvider(GlueCredentials.provider(settings))
        .httpClient(UrlConnectionHttpClient.builder()
            .connectionTimeout(settings.requestTimeout())
            .socketTimeout(settings.requestTimeout())
            .build())
        .overrideConfiguration(
            override -> override.apiCallAttemptTimeout(settings.requestTimeout()));
    if (settings.endpointOverride() != null) {
      builder.endpointOverride(settings.endpointOverride());
    }
    return new GlueRegistryClient(
        builder.build(), settings.describe(), settings.credentialsSource());
  }

  @Override
  public RegisteredSchema fetch(SchemaRef ref)
      throws SchemaNotFoundException, RegistryUnavailableException {
    requireNonNull(ref, "ref is null");
    if (ref instanceof SchemaRef.InRecord) {
      throw new SchemaNotFoundException(
          "Schema " + ref + " is carried by the record itself, so no schema registry serves it");
    }
    if (!(ref instanceof SchemaRef.GlueVersionId glue)) {
      String kind = ref instanceof SchemaRef.ConfluentId ? "id" : "GUID";
      throw new SchemaNotFoundException(
          "Schema " + ref + " is a Confluent schema " + kind + ", which " + where
              + " cannot serve: configure Mink's Confluent-compatible schema registry URL to decode records written by"
              + " Confluent-compatible serializers");
    }
    GetSchemaVersionResponse response;
    try {
      response = this.glue.getSchemaVersion(GetSchemaVersionRequest.builder()
          .schemaVersionId(glue.schemaVersionId().toString())
          .build());
    } catch (EntityNotFoundException e) {
      throw new SchemaNotFoundException(
          "Schema " + ref + " is not in " + where + " (" + errorMessage(e) + "): the"
              + " record was written with a schema version this registry does not have; check that Mink reads the AWS"
              + " account and region its producers register schemas in",
          e);
    } catch (AwsServiceException e) {
      throw unavailable(ref, e);
    } catch (SdkClientException e) {
      throw unavailable(ref, e);
    }
    return schema(ref, response);
  }

  private RegisteredSchema schema(SchemaRef ref, GetSchemaVersionResponse response)
      throws SchemaNotFoundException, RegistryUnavailableException {
    if (response.schemaDefinition() == null) {
      throw new RegistryUnavailableException(
          Fault.CONFIGURATION,
          capitalized(where) + " answered GetSchemaVersion for "
              + ref + " without a SchemaDefinition (status " + response.statusAsString()
              + "). Check that the endpoint"
              + " is AWS Glue's",
          null);
    }
    String format = response.dataFormatAsString();
    SchemaType type;
    if ("AVRO".equals(format)) {
      type = SchemaType.AVRO;
    } else if ("PROTOBUF".equals(format)) {
      type = SchemaType.PROTOBUF;
    } else if ("JSON".equals(format)) {
      type = SchemaType.JSON;
    } else {
      throw new SchemaNotFoundException("Schema " + ref + " in " + where + " has data format '"
          + format + "', which Mink cannot read: Mink reads AVRO, PROTOBUF and JSON");
    }
    return RegisteredSchema.of(type, response.schemaDefinition());
  }

  private RegistryUnavailableException unavailable(SchemaRef ref, AwsServiceException e) {
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    int status = e.statusCode();
    String answer = capitalized(where) + " answered GetSchemaVersion for " + ref + " with "
        + (code == null ? "" : code + ", ") + "HTTP " + status + ": "
        + withoutFullStop(errorMessage(e));
    if (e.isThrottlingException() || status == 429) {
      return new RegistryUnavailableException(
          Fault.EXTERNAL,
          answer + ". Glue is throttling Mink; Mink retries with"
              + " backoff (raise the account's Glue request quota if this persists)",
          e);
    }
    if (status >= 500) {
      return new RegistryUnavailableException(
          Fault.EXTERNAL, answer + ". Glue is failing; Mink retries until it" + " answers", e);
    }
    if (status == 401 || status == 403 || (code != null && CREDENTIAL_ERRORS.contains(code))) {
      return new RegistryUnavailableException(
          Fault.CONFIGURATION,
          answer + ". Mink signed with " + credentialsSource
              + "; check that these credentials are valid, not expired, and allow"
              + " glue:GetSchemaVersion on the registry and its schemas. Records that need this"
              + " registry wait, none is written raw: Mink retries with backoff",
          e);
    }
    return new RegistryUnavailableException(
        Fault.CONFIGURATION,
        answer + ". Check the Glue region and endpoint in" + " Mink's schema registry settings",
        e);
  }

  private RegistryUnavailableException unavailable(SchemaRef ref, SdkClientException e) {
    String message = String.valueOf(e.getMessage());
    if (e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException) {
      return new RegistryUnavailableException(
          Fault.EXTERNAL,
          "Timed out asking " + where + " for " + ref + ": " + message
              + ". Mink retries until Glue answers",
          e);
    }
    if (message.contains("credentials")) {
      return new RegistryUnavailableException(
          Fault.CONFIGURATION,
          "Cannot ask " + where + " for " + ref
              + ": no AWS credentials from " + credentialsSource + ": " + message
              + ". Give schema_registry.glue_access_key_id and glue_secret_access_key, or"
              + " glue_profile, or set up the default AWS credentials chain; Mink retries",
          e);
    }
    return new RegistryUnavailableException(
        Fault.EXTERNAL,
        "Cannot reach " + where + " for " + ref + ": " + message
            + ". Check the network path to Glue (and the endpoint, if overridden); Mink retries until it answers",
        e);
  }

  private static String capitalized(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  private static String errorMessage(AwsServiceException e) {
    if (e.awsErrorDetails() != null && e.awsErrorDetails().errorMessage() != null) {
      return e.awsErrorDetails().errorMessage();
    }
    return String.valueOf(e.getMessage());
  }

  /** AWS's error message without the full stop AWS ends some with, as a sentence follows it. */
  private static String withoutFullStop(String message) {
    return message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
  }

  @Override
  public void close() {
    glue.close();
  }
}
