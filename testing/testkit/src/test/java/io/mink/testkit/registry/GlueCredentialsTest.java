package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.GlueRegistryClient;
import io.mink.schema.registry.GlueRegistrySettings;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.registry.RegistryUnavailableException.Fault;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mink's Glue client signs with the credentials its settings name: static keys or a profile of a credentials file. */
class GlueCredentialsTest {
  private static final String PROFILES = """
      [default]
      aws_access_key_id = AKIADEFAULT
      aws_secret_access_key = default-secret

      [mink]
      aws_access_key_id = AKIAPROFILE
      aws_secret_access_key = profile-secret

      [no-keys]
      region = eu-west-1
      """;

  private final GlueSchemaRegistryStandIn glue = GlueSchemaRegistryStandIn.start();
  private final UUID version = glue.register("orders", SchemaType.AVRO, "\"string\"");

  @TempDir
  Path directory;

  @AfterEach
  void stop() {
    glue.close();
  }

  private GlueRegistrySettings settings() {
    return GlueRegistrySettings.of("us-east-1")
        .withEndpoint(glue.endpoint())
        .withRequestTimeout(Duration.ofSeconds(5));
  }

  private String fetchedWith(GlueRegistrySettings settings) throws Exception {
    try (GlueRegistryClient client = GlueRegistryClient.create(settings)) {
      return client.fetch(new SchemaRef.GlueVersionId(version)).text();
    }
  }

  @Test
  void staticKeysSignTheRequest() throws Exception {
    assertThat(fetchedWith(settings().withStaticCredentials("AKIASTATIC", "static-secret")))
        .isEqualTo("\"string\"");

    assertThat(glue.accessKeyIds()).containsOnly("AKIASTATIC");
  }

  @Test
  void temporaryKeysWithASessionTokenSignTheRequest() throws Exception {
    assertThat(fetchedWith(settings().withSessionCredentials("ASIATEMP", "secret", "token")))
        .isEqualTo("\"string\"");

    assertThat(glue.accessKeyIds()).containsOnly("ASIATEMP");
  }

  @Test
  void aNamedProfileOfACredentialsFileSignsTheRequest() throws Exception {
    Path file = Files.writeString(directory.resolve("credentials"), PROFILES);

    assertThat(fetchedWith(settings().withProfile("mink", file))).isEqualTo("\"string\"");
    assertThat(fetchedWith(settings().withProfile(null, file))).isEqualTo("\"string\"");

    assertThat(glue.accessKeyIds()).containsExactly("AKIAPROFILE", "AKIADEFAULT");
  }

  @Test
  void keysRotatedInTheCredentialsFileAreUsedWithoutANewClient() throws Exception {
    Path file = Files.writeString(directory.resolve("credentials"), PROFILES);
    try (GlueRegistryClient client =
        GlueRegistryClient.create(settings().withProfile("mink", file))) {
      client.fetch(new SchemaRef.GlueVersionId(version));
      Files.writeString(file, PROFILES.replace("AKIAPROFILE", "AKIAROTATED"));
      Files.setLastModifiedTime(
          file, FileTime.from(Files.getLastModifiedTime(file).toInstant().plusSeconds(5)));
      Thread.sleep(1_100);

      client.fetch(new SchemaRef.GlueVersionId(version));
    }

    assertThat(glue.accessKeyIds()).containsExactly("AKIAPROFILE", "AKIAROTATED");
  }

  @Test
  void refusedKeysAreAConfigurationFaultNamingTheKeyAndTheSettings() {
    glue.acceptOnlyAccessKeyIds("AKIAGOOD");

    assertThatThrownBy(
            () -> fetchedWith(settings().withStaticCredentials("AKIAREVOKED", "static-secret")))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
        .hasMessage("The AWS Glue schema registry in us-east-1 at " + glue.endpoint()
            + " answered GetSchemaVersion for Glue version " + version
            + " with UnrecognizedClientException, HTTP 400: The security token included in the"
            + " request is invalid. Mink signed with the static access key id AKIAREVOKED"
            + " (schema_registry.glue_access_key_id and glue_secret_access_key); check that these"
            + " credentials are valid, not expired, and allow glue:GetSchemaVersion on the registry"
            + " and its schemas. Records that need this registry wait, none is written raw: Mink"
            + " retries with backoff");
  }

  @Test
  void aProfileWithoutKeysIsAConfigurationFaultNamingTheProfile() throws Exception {
    Path file = Files.writeString(directory.resolve("credentials"), PROFILES);

    assertThatThrownBy(() -> fetchedWith(settings().withProfile("no-keys", file)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
        .hasMessageStartingWith("Cannot ask the AWS Glue schema registry in us-east-1 at "
            + glue.endpoint() + " for Glue version " + version
            + ": no AWS credentials from the profile 'no-keys' of " + file
            + " (schema_registry.glue_profile, glue_credentials_file): ")
        .hasMessageEndingWith(". Give schema_registry.glue_access_key_id and"
            + " glue_secret_access_key, or glue_profile, or set up the default AWS credentials"
            + " chain; Mink retries");
    assertThat(glue.requestCount()).isZero();
  }

  @Test
  void aProfileThatIsNotInTheFileIsRefusedWhenTheClientIsMade() throws Exception {
    Path file = Files.writeString(directory.resolve("credentials"), PROFILES);

    assertThatThrownBy(() -> GlueRegistryClient.create(settings().withProfile("minc", file)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("AWS profile 'minc' (schema_registry.glue_profile) is not in " + file
            + " (schema_registry.glue_credentials_file), which has the profiles [default, mink,"
            + " no-keys]: fix the profile name, or give the file that holds it");
  }

  @Test
  void aMissingCredentialsFileIsRefusedWhenTheClientIsMade() {
    Path missing = directory.resolve("missing");

    assertThatThrownBy(() -> GlueRegistryClient.create(settings().withProfile("mink", missing)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("AWS credentials file " + missing
            + " (schema_registry.glue_credentials_file) does not exist or Mink may not read it");
  }
}
