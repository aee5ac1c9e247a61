package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.ConfluentResponses.ErrorBody;
import io.mink.schema.registry.ConfluentResponses.MalformedResponseException;
import io.mink.schema.registry.ConfluentResponses.Reference;
import io.mink.schema.registry.ConfluentResponses.SchemaBody;
import io.mink.schema.registry.ConfluentTransport.Response;
import io.mink.schema.registry.RegistryUnavailableException.Fault;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLContext;

/**
 * A Confluent-compatible schema registry over its REST API: {@code GET /schemas/ids/{id}},
 * {@code GET /schemas/guids/{guid}}, and {@code GET /subjects/{subject}/versions/{version}} for
 * each reference, recursively. Glue schema version ids are not Confluent's: asking for one is a
 * {@link SchemaNotFoundException}.
 */
public final class ConfluentRegistryClient implements SchemaRegistry {
  private static final int SCHEMA_NOT_FOUND = 40403;
  private static final int SUBJECT_NOT_FOUND = 40401;
  private static final int VERSION_NOT_FOUND = 40402;

  private final ConfluentTransport transport;

  private ConfluentRegistryClient(ConfluentTransport transport) {
    this.transport = transport;
  }

  /**
   * A client for these settings, with TLS from their trust and key stores.
   *
   * @throws IllegalArgumentException a trust or key store, or the bearer token file, cannot be read
   */
  public static ConfluentRegistryClient create(ConfluentRegistrySettings settings) {
    requireNonNull(settings, "settings is null");
    if (settings.bearerTokenFile() != null) {
      RegistryCredentials.TokenFile.read(settings.bearerTokenFile());
    }
    return create(settings, RegistryTls.sslContext(settings));
  }

  /** A client for these settings with a TLS context of the caller's, or null for the JDK's default. */
  public static ConfluentRegistryClient create(
      ConfluentRegistrySettings settings, SSLContext sslContext) {
    requireNonNull(settings, "settings is null");
    HttpClient.Builder http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NORMAL)
        .connectTimeout(settings.requestTimeout());
    if (sslContext != null) {
      http.sslContext(sslContext);
    }
    return new ConfluentRegistryClient(new ConfluentTransport(settings, http.build()));
  }

  @Override
  public RegisteredSchema fetch(SchemaRef ref)
      throws SchemaNotFoundException, RegistryUnavailableException {
    requireNonNull(ref, "ref is null");
    if (ref instanceof SchemaRef.GlueVersionId) {
      throw new SchemaNotFoundException(
          "Schema " + ref + " is an AWS Glue schema version, which the"
              + " Confluent-compatible registry at " + String.join(", ", transport.urls())
              + " cannot serve: configure"
              + " Mink's AWS Glue schema registry (its region) to decode records written by the Glue serializer");
    }
    if (ref instanceof SchemaRef.InRecord) {
      throw new SchemaNotFoundException(
          "Schema " + ref + " is carried by the record itself, so no schema registry serves it");
    }
    String path = ref instanceof SchemaRef.ConfluentId id
        ? "/schemas/ids/" + id.id()
        : "/schemas/guids/" + ((SchemaRef.SchemaGuid) ref).guid();
    Response response = transport.get(path);
    if (response.status() == 404) {
      throw notFound(ref, path, response);
    }
    SchemaBody body = parse(response, path);
    return new Resolution(ref).schema(body, path, response);
  }

  private static SchemaNotFoundException notFound(SchemaRef ref, String path, Response response)
      throws RegistryUnavailableException {
    Optional<ErrorBody> error = ConfluentResponses.error(response.body());
    if (error.isPresent() && error.get().errorCode() == SCHEMA_NOT_FOUND) {
      return new SchemaNotFoundException(
          "Schema " + ref + " is not in the schema registry at " + response.url()
              + " (" + error.get()
              + "): the record was written with a schema this registry does not have; check that"
              + " Mink uses the registry its producers use");
    }
    if (ref instanceof SchemaRef.SchemaGuid) {
      return new SchemaNotFoundException(
          "Schema registry at " + response.url() + " does not serve schema GUIDs: GET "
              + path + " answered 404" + ConfluentTransport.errorText(response.body())
              + ". Records with GUID headers need"
              + " Confluent Schema Registry 8.0 or later (or a registry that implements GET /schemas/guids/{guid})");
    }
    throw new RegistryUnavailableException(
        Fault.CONFIGURATION,
        "Schema registry at " + response.url()
            + " answered GET " + path + " with 404" + ConfluentTransport.errorText(response.body())
            + ", which is not a registry's \"schema not found\" (error code 40403). Check that the URL points at the"
            + " registry's REST API, with any path prefix",
        null);
  }

  private static SchemaBody parse(Response response, String path)
      throws RegistryUnavailableException {
    try {
      return ConfluentResponses.schema(response.body());
    } catch (MalformedResponseException e) {
      throw new RegistryUnavailableException(
          Fault.CONFIGURATION,
          "Schema registry at " + response.url()
              + " answered GET " + path + " with something that is not a schema: " + e.getMessage()
              + ". Check that the URL points at a Confluent-compatible registry's REST API",
          e);
    }
  }

  /** One fetch's walk over references: each subject version fetched once, cycles refused. */
  private final class Resolution {
    private final SchemaRef root;
    private final Map<String, SchemaReference> done = new HashMap<>();
    private final Set<String> inProgress = new LinkedHashSet<>();

    Resolution(SchemaRef root) {
      this.root = root;
    }

    RegisteredSchema schema(SchemaBody body, String path, Response response)
        throws SchemaNotFoundException, RegistryUnavailableException {
      SchemaType type;
      try {
        type = SchemaType.fromRegistryName(body.schemaType());
      } catch (IllegalArgumentException e) {
        throw new SchemaNotFoundException(
            "Schema " + root
                + (path.startsWith("/subjects/") ? " references " + path + ", which" : "")
                + " has schemaType '" + body.schemaType() + "' in the registry at " + response.url()
                + ", which Mink cannot read: Mink reads AVRO, PROTOBUF and JSON",
            e);
      }
      List<SchemaReference> references = new ArrayList<>(body.references().size());
      for (Reference reference : body.references()) {
        references.add(reference(reference));
      }
      return new RegisteredSchema(type, body.text(), references);
    }

    private SchemaReference reference(Reference reference)
        throws SchemaNotFoundException, RegistryUnavailableException {
      String version = reference.version() == -1 ? "latest" : Integer.toString(reference.version());
      String key = reference.subject() + " version " + version;
      SchemaReference known = done.get(key);
      if (known != null) {
        return new SchemaReference(
            reference.name(), known.subject(), known.version(), known.schema());
      }
      if (!inProgress.add(key)) {
        List<String> cycle = new ArrayList<>(inProgress);
        cycle = cycle.subList(cycle.indexOf(key), cycle.size());
        throw new SchemaNotFoundException(
            "Schema " + root + " cannot be resolved: its references form a cycle: "
                + String.join(" -> ", cycle) + " -> " + key);
      }
      String path =
          "/subjects/" + ConfluentTransport.segment(reference.subject()) + "/versions/" + version;
      Response response = transport.get(path);
      if (response.status() == 404) {
        throw referenceNotFound(reference, path, response);
      }
      SchemaBody body = parse(response, path);
      RegisteredSchema schema = schema(body, path, response);
      int resolvedVersion = reference.version() == -1 && body.version() != null
          ? body.version()
          : reference.version();
      inProgress.remove(key);
      SchemaReference resolved =
          new SchemaReference(reference.name(), reference.subject(), resolvedVersion, schema);
      done.put(key, resolved);
      return resolved;
    }

    private SchemaNotFoundException referenceNotFound(
        Reference reference, String path, Response response) throws RegistryUnavailableException {
      Optional<ErrorBody> error = ConfluentResponses.error(response.body());
      int code = error.map(ErrorBody::errorCode).orElse(0);
      if (code != SUBJECT_NOT_FOUND && code != VERSION_NOT_FOUND && code != SCHEMA_NOT_FOUND) {
        throw new RegistryUnavailableException(
            Fault.CONFIGURATION,
            "Schema registry at " + response.url()
                + " answered GET " + path + " with 404"
                + ConfluentTransport.errorText(response.body()) + ", which is not a"
                + " registry's \"subject or version not found\". Check that the URL points at the registry's REST API",
            null);
      }
      return new SchemaNotFoundException(
          "Schema " + root + " references '" + reference.name() + "' as subject '"
              + reference.subject() + "' version " + reference.version()
              + ", which the registry at " + response.url()
              + " does not have (" + error.get() + ")");
    }
  }
}
