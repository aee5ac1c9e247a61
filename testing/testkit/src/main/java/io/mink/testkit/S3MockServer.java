package io.mink.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Adobe's S3Mock, an S3-compatible object store, in a child JVM (a Spring Boot application that cannot share a
 * classpath with Mink; the s3mock-server module resolves its own, see {@link ChildClasspath}). It speaks plain
 * HTTP on a free port, keeps its objects in a temporary directory and accepts any credentials.
 *
 * <p>Start one per test class, it takes about five seconds: {@code try (S3MockServer s3 = S3MockServer.start("lake"))
 * { s3.fileIoProperties() }}. Its log goes to {@code target/s3mock-*.log}.
 */
public final class S3MockServer implements AutoCloseable {
  public static final String MAIN_CLASS = "com.adobe.testing.s3mock.S3MockApplication";
  public static final String ACCESS_KEY_ID = "mink-test";
  public static final String SECRET_ACCESS_KEY = "mink-test-secret";
  public static final String REGION = "us-east-1";
  private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);

  private final IntFunction<ChildServer.Launch> launch;
  private final Path root;
  private ChildServer server;

  private S3MockServer(ChildServer server, IntFunction<ChildServer.Launch> launch, Path root) {
    this.server = server;
    this.launch = launch;
    this.root = root;
  }

  /** A store that holds the (empty) {@code buckets}. */
  public static S3MockServer start(String... buckets) {
    String classpath = ChildClasspath.S3MOCK.find();
    Path root = rootDirectory();
    IntFunction<ChildServer.Launch> launch = port -> {
      List<String> command = new ArrayList<>(ChildServer.javaCommand(classpath, MAIN_CLASS));
      command.addAll(List.of(
          // S3Mock's plain HTTP connector on the chosen port; Spring's own connector, without
          // TLS, on any port
          "--com.adobe.testing.s3mock.http-port=" + port,
          "--server.port=0",
          "--server.ssl.enabled=false",
          "--server.address=127.0.0.1",
          "--com.adobe.testing.s3mock.store.root=" + root,
          "--com.adobe.testing.s3mock.store.initial-buckets=" + String.join(",", buckets),
          "--com.adobe.testing.s3mock.store.retain-files-on-exit=true",
          "--spring.main.banner-mode=off"));
      return new ChildServer.Launch(
          command, Map.of(), null, URI.create("http://127.0.0.1:" + port + "/"));
    };
    try {
      ChildServer server =
          ChildServer.start("s3mock", OptionalInt.empty(), launch, STARTUP_TIMEOUT);
      return new S3MockServer(server, launch, root);
    } catch (RuntimeException e) {
      ChildServer.deleteRecursively(root);
      throw e;
    }
  }

  /**
   * Kills the store with SIGKILL, as a crash would, keeping its objects: clients see connections refused until
   * {@link #startAgain()}.
   */
  public synchronized void kill() {
    server.kill();
  }

  /** Starts the killed store again on the same port with the same objects, and waits until it answers. */
  public synchronized void startAgain() {
    server = ChildServer.start("s3mock", OptionalInt.of(server.port()), launch, STARTUP_TIMEOUT);
  }

  /** The store's S3 endpoint, {@code http://127.0.0.1:<port>}. */
  public synchronized String endpoint() {
    return "http://127.0.0.1:" + server.port();
  }

  /**
   * The properties that point Iceberg's S3FileIO at this store: the endpoint, path-style access (S3Mock serves no
   * virtual-host buckets), static credentials and a region, so the AWS SDK looks nothing up elsewhere.
   */
  public Map<String, String> fileIoProperties() {
    return Map.of(
        "s3.endpoint", endpoint(),
        "s3.path-style-access", "true",
        "s3.access-key-id", ACCESS_KEY_ID,
        "s3.secret-access-key", SECRET_ACCESS_KEY,
        "client.region", REGION);
  }

  /** A new S3 client for this store; the caller closes it. */
  public S3Client newClient() {
    return S3Client.builder()
        .endpointOverride(URI.create(endpoint()))
        .forcePathStyle(true)
        .region(Region.of(REGION))
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(ACCESS_KEY_ID, SECRET_ACCESS_KEY)))
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .build();
  }

  /** Every key in {@code bucket} that starts with {@code prefix}, in S3's order. */
  public List<String> keys(String bucket, String prefix) {
    try (S3Client client = newClient()) {
      return client
          .listObjectsV2Paginator(request -> request.bucket(bucket).prefix(prefix))
          .contents()
          .stream()
          .map(S3Object::key)
          .toList();
    }
  }

  /** How long the store took from its start until it answered. */
  public synchronized Duration startup() {
    return server.startup();
  }

  public synchronized Path log() {
    return server.log();
  }

  /** Stops the store and deletes its objects. */
  @Override
  public synchronized void close() {
    try {
      server.close();
    } finally {
      ChildServer.deleteRecursively(root);
    }
  }

  private static Path rootDirectory() {
    try {
      return Files.createTempDirectory("mink-s3mock");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a directory for S3Mock's objects: check that java.io.tmpdir ("
              + System.getProperty("java.io.tmpdir") + ") exists and is writable",
          e);
    }
  }
}
