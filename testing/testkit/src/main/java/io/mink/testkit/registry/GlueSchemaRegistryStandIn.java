package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.registry.GlueRegistryState.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for the AWS Glue Schema Registry on 127.0.0.1: AWS's JSON 1.1 protocol (POST /,
 * {@code X-Amz-Target: AWSGlue.<Operation>}) for the operations Mink's Glue client and AWS's own
 * Glue serde ({@code AWSSchemaRegistryClient}) call: GetSchemaVersion, GetSchemaByDefinition,
 * CreateSchema, RegisterSchemaVersion, GetSchema, PutSchemaVersionMetadata and
 * QuerySchemaVersionMetadata. Point an AWS SDK client at {@link #endpoint()} with any static
 * credentials; signatures are not checked, but a request without one is refused as AWS refuses it.
 * Each request's access key id (from its SigV4 {@code Authorization} header) is recorded; after
 * {@link #acceptOnlyAccessKeyIds}, any other key id is refused with UnrecognizedClientException, as
 * AWS refuses an unknown key.
 * Errors are {@code {"__type": "EntityNotFoundException", "Message": "..."}} with HTTP 400.
 */
public final class GlueSchemaRegistryStandIn implements AutoCloseable {
  private static final String CONTENT_TYPE = "application/x-amz-json-1.1";
  private static final String TARGET_PREFIX = "AWSGlue.";
  /** SigV4's {@code Credential=AKID/date/region/service/aws4_request}. */
  private static final Pattern CREDENTIAL = Pattern.compile("Credential=([^/,\\s]+)/");

  private final String region;
  private final GlueRegistryState state = new GlueRegistryState();
  private final GlueOperations operations;
  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "glue-schema-registry-stand-in");
    thread.setDaemon(true);
    return thread;
  });
  private final AtomicInteger requestCount = new AtomicInteger();
  private final List<String> called = new CopyOnWriteArrayList<>();
  private final List<String> accessKeyIds = new CopyOnWriteArrayList<>();
  private volatile Set<String> acceptedAccessKeyIds;
  private volatile boolean available = true;

  private GlueSchemaRegistryStandIn(String region) {
    this.region = requireNonNull(region, "region is null");
    this.operations = new GlueOperations(state, region, "123456789012");
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot open a port on 127.0.0.1 for the Glue schema registry stand-in", e);
    }
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** A stand-in for Glue in us-east-1. */
  public static GlueSchemaRegistryStandIn start() {
    return new GlueSchemaRegistryStandIn("us-east-1");
  }

  public static GlueSchemaRegistryStandIn start(String region) {
    return new GlueSchemaRegistryStandIn(region);
  }

  /** The endpoint to give an AWS SDK client as its endpoint override. */
  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  public String region() {
    return region;
  }

  /** Registers a definition under a schema of the default registry, made if new; the version's UUID. */
  public UUID register(String schemaName, SchemaType dataFormat, String definition) {
    return register(GlueRegistryState.DEFAULT_REGISTRY, schemaName, dataFormat, definition);
  }

  /** Registers a definition under a schema of a registry, made if new; the version's UUID. */
  public UUID register(
      String registryName, String schemaName, SchemaType dataFormat, String definition) {
    requireNonNull(dataFormat, "dataFormat is null");
    try {
      Schema schema;
      try {
        schema = state.schema(registryName, schemaName);
      } catch (GlueError notFound) {
        schema = state.createSchema(
            registryName, schemaName, dataFormat.name(), null, null, Map.of(), null);
      }
      if (!schema.dataFormat.equals(dataFormat.name())) {
        throw new IllegalArgumentException(
            "Schema " + schemaName + " holds " + schema.dataFormat + ", not " + dataFormat);
      }
      return state.registerVersion(registryName, schemaName, definition).id();
    } catch (GlueError e) {
      throw new IllegalArgumentException(
          "Glue refuses the schema: " + e.type() + ": " + e.getMessage(), e);
    }
  }

  /** When false, every request is answered 503 ServiceUnavailableException until it is true again. */
  public void setAvailable(boolean available) {
    this.available = available;
  }

  public int requestCount() {
    return requestCount.get();
  }

  /** The operations called, in order, such as "GetSchemaByDefinition". */
  public List<String> operations() {
    return List.copyOf(called);
  }

  /** The access key id each request was signed with, in order. */
  public List<String> accessKeyIds() {
    return List.copyOf(accessKeyIds);
  }

  /** From now on, refuses a request signed with any other access key id, as AWS refuses an unknown key. */
  public void acceptOnlyAccessKeyIds(String... keyIds) {
    this.acceptedAccessKeyIds = Set.of(keyIds);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      requestCount.incrementAndGet();
      String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String operation = target != null && target.startsWith(TARGET_PREFIX)
          ? target.substring(TARGET_PREFIX.length())
          : String.valueOf(target);
      called.add(operation);
      if (!available) {
        sendError(
            exchange, new GlueError(503, "ServiceUnavailableException", "Service is unavailable."));
        return;
      }
      String authorization = exchange.getRequestHeaders().getFirst("Authorization");
      if (authorization == null) {
        sendError(
            exchange,
            new GlueError(
                400, "MissingAuthenticationTokenException", "Missing Authentication Token"));
        return;
      }
      Matcher credential = CREDENTIAL.matcher(authorization);
      String keyId = credential.find() ? credential.group(1) : "";
      accessKeyIds.add(keyId);
      Set<String> accepted = acceptedAccessKeyIds;
      if (accepted != null && !accepted.contains(keyId)) {
        sendError(
            exchange,
            new GlueError(
                400,
                "UnrecognizedClientException",
                "The security token included in the request is invalid."));
        return;
      }
      if (!exchange.getRequestMethod().equals("POST")
          || target == null
          || !target.startsWith(TARGET_PREFIX)) {
        sendError(exchange, new GlueError(400, "UnknownOperationException", null));
        return;
      }
      try {
        ObjectNode request = JsonText.object(body.isEmpty() ? "{}" : body);
        if (request == null) {
          throw new GlueError(
              400, "SerializationException", "Start of structure or map found where not expected.");
        }
        send(exchange, 200, JsonText.write(operations.answer(operation, request)));
      } catch (GlueError e) {
        sendError(exchange, e);
      } catch (RuntimeException e) {
        sendError(
            exchange, new GlueError(500, "InternalServiceException", "Stand-in failed: " + e));
      }
    }
  }

  private static void sendError(HttpExchange exchange, GlueError error) throws IOException {
    ObjectNode node = JsonText.newObject();
    node.put("__type", error.type());
    if (error.getMessage() != null) {
      node.put("Message", error.getMessage());
    }
    exchange.getResponseHeaders().set("x-amzn-ErrorType", error.type());
    send(exchange, error.status(), JsonText.write(node));
  }

  private static void send(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
    exchange.getResponseHeaders().set("x-amzn-RequestId", UUID.randomUUID().toString());
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }
}
