package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.registry.RegistryState.StoredSchema;
import io.mink.testkit.registry.RegistryState.SubjectVersion;
import io.mink.testkit.tls.TestCertificates;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A Confluent-compatible schema registry for tests, on 127.0.0.1 and a free port, answering with
 * Confluent Schema Registry 8's REST shapes and error codes. No real registry runs here; this one
 * serves what Mink and the serializers call:
 *
 * <ul>
 *   <li>{@code POST /subjects/{subject}/versions}: register {"schema","schemaType","references"}</li>
 *   <li>{@code POST /subjects/{subject}}: look a schema up under a subject</li>
 *   <li>{@code GET /schemas/ids/{id}} (optional {@code ?subject=}), {@code GET /schemas/ids/{id}/versions}</li>
 *   <li>{@code GET /schemas/guids/{guid}}, {@code GET /schemas/types}</li>
 *   <li>{@code GET /subjects}, {@code GET /subjects/{subject}/versions},
 *       {@code GET /subjects/{subject}/versions/{version|latest}}</li>
 * </ul>
 *
 * <p>A Protobuf schema registered as a base64 {@code FileDescriptorProto}, as Confluent's serializers
 * outside Java register them, is kept and served as .proto text, as Confluent's registry keeps its
 * canonical text; its id and GUID are those of that text. {@code ?format=serialized} on the
 * {@code GET}s of a schema serves a Protobuf schema as a base64 descriptor instead.
 *
 * <p>Errors are Confluent's: {@code {"error_code": 40403, "message": "Schema 7 not found"}}.
 *
 * <p>{@link #builder()} serves it over HTTPS with a {@link TestCertificates} certificate, optionally
 * requiring client certificates, and makes it require basic-auth or bearer-token credentials
 * ({@link RegistryAuth}), which a test may change, revoke or expire while it runs.
 *
 * <p>Under {@link #apicurioUrl()} it also answers the part of Apicurio Registry 3's own API that Apicurio's serdes
 * call (see {@link ApicurioV3Api}), over the same schemas: the content id an Apicurio serializer writes is the id
 * {@code GET /schemas/ids/{id}} serves.
 */
public final class FakeSchemaRegistry implements AutoCloseable {
  static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
  private static final Pattern SCHEMA_ID = Pattern.compile("/schemas/ids/(-?\\d+)");
  private static final Pattern SCHEMA_ID_VERSIONS =
      Pattern.compile("/schemas/ids/(-?\\d+)/versions");
  private static final Pattern SCHEMA_GUID = Pattern.compile("/schemas/guids/([^/]+)");
  private static final Pattern SUBJECT = Pattern.compile("/subjects/([^/]+)");
  private static final Pattern SUBJECT_VERSIONS = Pattern.compile("/subjects/([^/]+)/versions");
  private static final Pattern SUBJECT_VERSION =
      Pattern.compile("/subjects/([^/]+)/versions/([^/]+)");

  /** A reference of a schema to another subject's version: a .proto import, an Avro name, a JSON $ref. */
  public record Reference(String name, String subject, int version) {
    public Reference {
      requireNonNull(name, "name is null");
      requireNonNull(subject, "subject is null");
    }
  }

  /** A registered schema: its id and GUID, and the subject version that holds it. */
  public record Registered(int id, UUID guid, String subject, int version) {}

  private final RegistryState state = new RegistryState();
  private final ApicurioV3Api apicurio = new ApicurioV3Api(state);
  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "fake-schema-registry");
    thread.setDaemon(true);
    return thread;
  });
  private final RegistryAuth auth = new RegistryAuth(Clock.systemUTC());
  private final boolean omitAvroSchemaType;
  private final AtomicInteger requestCount = new AtomicInteger();
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private volatile boolean available = true;

  private FakeSchemaRegistry(Builder builder) {
    this.omitAvroSchemaType = builder.omitAvroSchemaType;
    try {
      InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
      server = builder.tls == null ? HttpServer.create(address, 0) : httpsServer(address, builder);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot open a port on 127.0.0.1 for the fake schema registry", e);
    }
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  private static HttpsServer httpsServer(InetSocketAddress address, Builder builder)
      throws IOException {
    HttpsServer https = HttpsServer.create(address, 0);
    SSLContext context = TestCertificates.serverContext(builder.tls, builder.clientTruststore);
    boolean needClientAuth = builder.clientTruststore != null;
    https.setHttpsConfigurator(new HttpsConfigurator(context) {
      @Override
      public void configure(HttpsParameters parameters) {
        SSLParameters ssl = context.getDefaultSSLParameters();
        ssl.setNeedClientAuth(needClientAuth);
        parameters.setSSLParameters(ssl);
      }
    });
    return https;
  }

  /** A registry open to anyone. */
  public static FakeSchemaRegistry start() {
    return builder().start();
  }

  /** A registry that answers 401 unless a request carries these basic-auth credentials. */
  public static FakeSchemaRegistry startWithBasicAuth(String user, String password) {
    return builder().basicAuth(user, password).start();
  }

  /** A registry that leaves out {@code "schemaType"} for Avro, as Confluent Schema Registry 7 and earlier do. */
  public static FakeSchemaRegistry startOmittingAvroSchemaType() {
    return builder().omittingAvroSchemaType().start();
  }

  /** A registry to start with TLS, credentials or old answers. */
  public static Builder builder() {
    return new Builder();
  }

  /** The credentials it accepts, which a test may change while it runs. */
  public RegistryAuth auth() {
    return auth;
  }

  /** The base URL, such as {@code http://127.0.0.1:40123} or {@code https://localhost:40123}. */
  public String url() {
    return server instanceof HttpsServer
        ? "https://localhost:" + server.getAddress().getPort()
        : "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The base URL of the Apicurio Registry 3 API, for Apicurio serdes' {@code apicurio.registry.url}. */
  public String apicurioUrl() {
    return url() + ApicurioV3Api.PREFIX;
  }

  public Registered register(String subject, SchemaType type, String text) {
    return register(subject, type, text, List.of());
  }

  /**
   * Registers a schema as {@code POST /subjects/{subject}/versions} does.
   *
   * @throws IllegalArgumentException the registry would refuse it (empty, not JSON, a missing reference)
   */
  public Registered register(
      String subject, SchemaType type, String text, List<Reference> references) {
    try {
      SubjectVersion registered = state.register(subject, type, text, stateReferences(references));
      return new Registered(
          registered.schema().id(), registered.schema().guid(), subject, registered.version());
    } catch (RegistryError e) {
      throw new IllegalArgumentException(
          "The registry refuses the schema: " + e.errorCode() + " " + e.getMessage(), e);
    }
  }

  /** When false, every request is answered 503 until it is true again. */
  public void setAvailable(boolean available) {
    this.available = available;
  }

  /** How many HTTP requests arrived, answered or not. */
  public int requestCount() {
    return requestCount.get();
  }

  /** Every request that arrived, as "GET /schemas/ids/1", in order. */
  public List<String> requests() {
    return List.copyOf(requests);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      requestCount.incrementAndGet();
      String method = exchange.getRequestMethod();
      String rawPath = exchange.getRequestURI().getRawPath();
      String query = exchange.getRequestURI().getRawQuery();
      requests.add(method + " " + rawPath + (query == null ? "" : "?" + query));
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      if (!available) {
        send(exchange, 503, error(503, "Service Unavailable"));
        return;
      }
      Optional<String> refusal =
          auth.refusal(exchange.getRequestHeaders().getFirst("Authorization"));
      if (refusal.isPresent()) {
        exchange.getResponseHeaders().set("WWW-Authenticate", auth.challenge());
        send(exchange, 401, error(401, refusal.get()));
        return;
      }
      if (ApicurioV3Api.handles(rawPath)) {
        ApicurioV3Api.Answer answer = apicurio.handle(method, rawPath, parameters(query), body);
        send(exchange, answer.status(), answer.contentType(), answer.body());
        return;
      }
      try {
        send(exchange, 200, route(method, rawPath, parameters(query), body));
      } catch (RegistryError e) {
        send(exchange, e.status(), error(e.errorCode(), e.getMessage()));
      } catch (RuntimeException e) {
        send(exchange, 500, error(50001, "Error in the fake registry: " + e));
      }
    }
  }

  private String route(String method, String rawPath, Map<String, String> parameters, String body) {
    String path = rawPath.length() > 1 && rawPath.endsWith("/")
        ? rawPath.substring(0, rawPath.length() - 1)
        : rawPath;
    Matcher m;
    if (method.equals("POST")) {
      m = SUBJECT_VERSIONS.matcher(path);
      if (m.matches()) {
        RegisterRequest request = RegisterRequest.parse(body);
        return registerResponse(state.register(
            decode(m.group(1)), request.type(), request.text(), request.references()));
      }
      m = SUBJECT.matcher(path);
      if (m.matches()) {
        RegisterRequest request = RegisterRequest.parse(body);
        return schemaEntity(
            state.lookUp(decode(m.group(1)), request.type(), request.text(), request.references()),
            null);
      }
      throw notFoundOrNotAllowed(path);
    }
    if (!method.equals("GET")) {
      throw notFoundOrNotAllowed(path);
    }
    if (path.equals("/subjects")) {
      return JsonText.write(state.subjects());
    }
    if (path.equals("/schemas/types")) {
      return JsonText.write(List.of("JSON", "PROTOBUF", "AVRO"));
    }
    m = SCHEMA_ID_VERSIONS.matcher(path);
    if (m.matches()) {
      ArrayNode versions = JsonText.newObject().arrayNode();
      for (SubjectVersion holder : state.subjectVersions(schemaId(m.group(1)))) {
        versions.addObject().put("subject", holder.subject()).put("version", holder.version());
      }
      return JsonText.write(versions);
    }
    m = SCHEMA_ID.matcher(path);
    if (m.matches()) {
      int id = schemaId(m.group(1));
      ObjectNode schema = schemaString(state.byId(id), parameters.get("format"));
      String subject = parameters.get("subject");
      if (subject != null) {
        state.subjectVersion(id, subject).ifPresent(holder -> {
          schema.put("subject", holder.subject());
          schema.put("version", holder.version());
        });
      }
      return JsonText.write(schema);
    }
    m = SCHEMA_GUID.matcher(path);
    if (m.matches()) {
      return JsonText.write(
          schemaString(state.byGuid(decode(m.group(1))), parameters.get("format")));
    }
    m = SUBJECT_VERSIONS.matcher(path);
    if (m.matches()) {
      return JsonText.write(state.versions(decode(m.group(1))));
    }
    m = SUBJECT_VERSION.matcher(path);
    if (m.matches()) {
      return schemaEntity(
          state.version(decode(m.group(1)), decode(m.group(2))), parameters.get("format"));
    }
    throw notFoundOrNotAllowed(path);
  }

  /** Jersey's answers: 405 for a known path asked with the wrong method, 404 for an unknown path. */
  private static RegistryError notFoundOrNotAllowed(String path) {
    List<Pattern> routes = List.of(
        SCHEMA_ID, SCHEMA_ID_VERSIONS, SCHEMA_GUID, SUBJECT, SUBJECT_VERSIONS, SUBJECT_VERSION);
    for (Pattern known : routes) {
      if (known.matcher(path).matches()) {
        return new RegistryError(405, 405, "HTTP 405 Method Not Allowed");
      }
    }
    if (path.equals("/subjects") || path.equals("/schemas/types")) {
      return new RegistryError(405, 405, "HTTP 405 Method Not Allowed");
    }
    return new RegistryError(404, 404, "HTTP 404 Not Found");
  }

  private static int schemaId(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new RegistryError(404, 404, "HTTP 404 Not Found");
    }
  }

  /** GET /schemas/ids/{id} and /schemas/guids/{guid}: Confluent's SchemaString. */
  private ObjectNode schemaString(StoredSchema schema, String format) {
    ObjectNode node = JsonText.newObject();
    putType(node, schema.type());
    node.put("schema", text(schema, format));
    putReferences(node, schema.references());
    node.put("guid", schema.guid().toString());
    return node;
  }

  /** A schema's text; for Protobuf with {@code format=serialized}, its base64 descriptor, as Confluent serves it. */
  private String text(StoredSchema schema, String format) {
    boolean serialized = schema.type() == SchemaType.PROTOBUF && "serialized".equals(format);
    return serialized ? state.serialized(schema) : schema.text();
  }

  /** GET /subjects/{subject}/versions/{version} and POST /subjects/{subject}: Confluent's Schema. */
  private String schemaEntity(SubjectVersion version, String format) {
    ObjectNode node = JsonText.newObject();
    node.put("subject", version.subject());
    node.put("version", version.version());
    node.put("id", version.schema().id());
    node.put("guid", version.schema().guid().toString());
    putType(node, version.schema().type());
    putReferences(node, version.schema().references());
    node.put("schema", text(version.schema(), format));
    return JsonText.write(node);
  }

  /** POST /subjects/{subject}/versions: Confluent's RegisterSchemaResponse. */
  private String registerResponse(SubjectVersion version) {
    ObjectNode node = JsonText.newObject();
    node.put("id", version.schema().id());
    node.put("version", version.version());
    node.put("guid", version.schema().guid().toString());
    putType(node, version.schema().type());
    putReferences(node, version.schema().references());
    node.put("schema", version.schema().text());
    return JsonText.write(node);
  }

  private void putType(ObjectNode node, SchemaType type) {
    if (type != SchemaType.AVRO || !omitAvroSchemaType) {
      node.put("schemaType", type.name());
    }
  }

  private static void putReferences(ObjectNode node, List<RegistryState.Reference> references) {
    if (!references.isEmpty()) {
      ArrayNode array = node.putArray("references");
      for (RegistryState.Reference reference : references) {
        array
            .addObject()
            .put("name", reference.name())
            .put("subject", reference.subject())
            .put("version", reference.version());
      }
    }
  }

  private static List<RegistryState.Reference> stateReferences(List<Reference> references) {
    return requireNonNull(references, "references is null").stream()
        .map(r -> new RegistryState.Reference(r.name(), r.subject(), r.version()))
        .toList();
  }

  private static Map<String, String> parameters(String query) {
    if (query == null || query.isEmpty()) {
      return Map.of();
    }
    java.util.HashMap<String, String> parameters = new java.util.HashMap<>();
    for (String pair : query.split("&")) {
      int equals = pair.indexOf('=');
      String key = decode(equals < 0 ? pair : pair.substring(0, equals));
      parameters.putIfAbsent(key, equals < 0 ? "" : decode(pair.substring(equals + 1)));
    }
    return parameters;
  }

  private static String decode(String segment) {
    return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static String error(int code, String message) {
    ObjectNode node = JsonText.newObject();
    node.put("error_code", code);
    node.put("message", message);
    return JsonText.write(node);
  }

  private static void send(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, CONTENT_TYPE, body);
  }

  private static void send(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }
  /** Starts a {@link FakeSchemaRegistry}: plain HTTP and open to anyone unless told otherwise. */
  public static final class Builder {
    private TestCertificates.Party tls;
    private Path clientTruststore;
    private final List<String[]> users = new ArrayList<>();
    private final List<String> tokens = new ArrayList<>();
    private boolean omitAvroSchemaType;

    private Builder() {}

    /** Serves HTTPS with this party's certificate for localhost instead of plain HTTP. */
    public Builder https(TestCertificates.Party server) {
      this.tls = requireNonNull(server, "server is null");
      return this;
    }

    /** Requires a client certificate that this trust store trusts (mutual TLS); needs {@link #https}. */
    public Builder requireClientCertificates(Path truststore) {
      this.clientTruststore = requireNonNull(truststore, "truststore is null");
      return this;
    }

    /** Accepts this basic-auth user; any credentials make the registry refuse requests without them. */
    public Builder basicAuth(String user, String password) {
      users.add(new String[] {
        requireNonNull(user, "user is null"), requireNonNull(password, "password is null")
      });
      return this;
    }

    /** Accepts this bearer token until the test expires it. */
    public Builder bearerToken(String token) {
      tokens.add(requireNonNull(token, "token is null"));
      return this;
    }

    public Builder omittingAvroSchemaType() {
      this.omitAvroSchemaType = true;
      return this;
    }

    public FakeSchemaRegistry start() {
      if (clientTruststore != null && tls == null) {
        throw new IllegalStateException("Client certificates need https(...) as well");
      }
      FakeSchemaRegistry registry = new FakeSchemaRegistry(this);
      users.forEach(user -> registry.auth.acceptBasicAuth(user[0], user[1]));
      tokens.forEach(registry.auth::acceptBearerToken);
      return registry;
    }
  }
}
