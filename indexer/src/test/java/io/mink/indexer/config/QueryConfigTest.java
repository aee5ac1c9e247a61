package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The [query] section of mink-query: its defaults, the file, the MINK_QUERY_* variables and its errors. */
class QueryConfigTest {
  private static final Map<String, String> BOOTSTRAP =
      Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092");

  @TempDir
  Path directory;

  @Test
  void withoutQuerySectionTheDefaultsApply() {
    MinkQuerySettings query = MinkConfigLoader.load(null, BOOTSTRAP, directory).query();

    assertThat(query.batchSize()).isEqualTo(8192);
    assertThat(query.targetPartitions())
        .isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors()));
    assertThat(query.memoryLimitBytes()).isEmpty();
    assertThat(query.database()).isEmpty();
    assertThat(query.listen())
        .as("127.0.0.1 or 0.0.0.0, as TLS and the login decide")
        .isEmpty();
    assertThat(query.tlsCert()).isEmpty();
    assertThat(query.tlsKey()).isEmpty();
    assertThat(query.user()).isEmpty();
    assertThat(query.password()).isEmpty();
    assertThat(query.allowInsecure()).isFalse();
  }

  @Test
  void fileSetsEveryKey() throws IOException {
    MinkQuerySettings query = load("""
        [query]
        batch_size = 1024
        target_partitions = 3
        memory_limit = "4GiB"
        database = "events"
        listen = "127.0.0.1:9131"
        tls_cert = "certs/query.crt"
        tls_key = "/etc/mink/query.key"
        user = "analyst"
        password = "s3cret"
        allow_insecure = true
        """);

    assertThat(query)
        .isEqualTo(new MinkQuerySettings(
            1024,
            3,
            OptionalLong.of(4L << 30),
            Optional.of("events"),
            Optional.of(new ListenAddress("127.0.0.1", 9131)),
            Optional.of(directory.resolve("certs/query.crt")),
            Optional.of(Path.of("/etc/mink/query.key")),
            Optional.of("analyst"),
            Optional.of("s3cret"),
            true));
  }

  @Test
  void memoryLimitTakesPlainBytesToo() throws IOException {
    assertThat(load("[query]\nmemory_limit = 4294967296\n").memoryLimitBytes())
        .hasValue(4_294_967_296L);
  }

  @Test
  void variablesWinOverTheFile() throws IOException {
    Path file = write("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [query]
        batch_size = 1024
        listen = "127.0.0.1:9131"
        """);
    Map<String, String> variables = Map.of(
        "MINK_QUERY_BATCH_SIZE", "4096",
        "MINK_QUERY_TARGET_PARTITIONS", "2",
        "MINK_QUERY_MEMORY_LIMIT", "512MiB",
        "MINK_QUERY_DATABASE", "sales",
        "MINK_QUERY_LISTEN", "[::1]:9200",
        "MINK_QUERY_PASSWORD", "from-env",
        "MINK_QUERY_ALLOW_INSECURE", "TRUE");

    MinkQuerySettings query = MinkConfigLoader.load(file, variables, directory).query();

    assertThat(query.batchSize()).isEqualTo(4096);
    assertThat(query.targetPartitions()).isEqualTo(2);
    assertThat(query.memoryLimitBytes()).hasValue(512L << 20);
    assertThat(query.database()).contains("sales");
    assertThat(query.listen()).contains(new ListenAddress("::1", 9200));
    assertThat(query.listen().orElseThrow()).hasToString("[::1]:9200");
    assertThat(query.allowInsecure()).isTrue();
    assertThat(query.password()).contains("from-env");
  }

  @Test
  void queryConfigVariableNamesAFileAndIsNoKey() {
    Map<String, String> variables = new HashMap<>(BOOTSTRAP);
    variables.put("MINK_QUERY_CONFIG", "/etc/mink/mink.toml");

    assertThat(MinkConfigLoader.load(null, variables, directory).query())
        .isEqualTo(MinkQuerySettings.defaults());
  }

  @Test
  void passwordNeverShowsInTheSettingsText() throws IOException {
    MinkQuerySettings query = load("[query]\nuser = \"analyst\"\npassword = \"s3cret\"\n");

    assertThat(query.toString()).contains("user=Optional[analyst]").doesNotContain("s3cret");
  }

  @Test
  void unknownQueryKeyNamesTheValidKeys() {
    assertFileFails(
        "[query]\nbatchsize = 10\n",
        "Unknown key 'batchsize' in [query] of {file}: valid keys are allow_insecure, batch_size, database, listen, memory_limit,"
            + " password, target_partitions, tls_cert, tls_key, user");
  }

  @Test
  void wrongTypesSayWhatToWrite() {
    assertFileFails(
        "[query]\nbatch_size = \"8192\"\n",
        "Invalid value '8192' for query.batch_size in {file}: use a number without quotes, such as"
            + " batch_size = 8192");
    assertFileFails(
        "[query]\ntarget_partitions = 0\n",
        "Invalid value 0 for query.target_partitions in {file}: use a whole number of at least 1, such as 4");
    assertFileFails(
        "[query]\nmemory_limit = \"lots\"\n",
        "Invalid data size 'lots' for query.memory_limit in {file}: use a number of bytes, or a number followed"
            + " by B, KiB, MiB, GiB, TiB, KB, MB, GB or TB, such as 128MiB");
    assertFileFails(
        "[query]\nlisten = \"9130\"\n",
        "Invalid address '9130' for query.listen in {file}: use HOST:PORT with a port from 0 to 65535, such as"
            + " 0.0.0.0:9130 for every interface or 127.0.0.1:9130 for this host only");
    assertFileFails(
        "[query]\ndatabase = \"my-db\"\n",
        "Invalid database 'my-db' for query.database in {file}: use a letter or underscore followed by letters,"
            + " digits or underscores, such as kafka");
  }

  @Test
  void allowInsecureIsTrueOrFalseWithoutQuotes() {
    assertFileFails(
        "[query]\nallow_insecure = \"yes\"\n",
        "Invalid value 'yes' for query.allow_insecure in {file}: use true or false without quotes, such as"
            + " allow_insecure = true");
    Map<String, String> variables = new HashMap<>(BOOTSTRAP);
    variables.put("MINK_QUERY_ALLOW_INSECURE", "1");
    assertThatThrownBy(() -> MinkConfigLoader.load(null, variables, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Invalid value '1' for MINK_QUERY_ALLOW_INSECURE: use true or false without quotes,"
                + " such as allow_insecure = true");
  }

  @Test
  void badPasswordIsReportedWithoutItsValue() {
    assertFileFails(
        "[query]\npassword = 12345\n",
        "Invalid value [hidden] for query.password in {file}: use text in double quotes, such as password ="
            + " \"change-me\"");
  }

  @Test
  void unknownQueryVariableNamesTheValidOnes() {
    Map<String, String> variables = new HashMap<>(BOOTSTRAP);
    variables.put("MINK_QUERY_BATCHSIZE", "10");

    assertThatThrownBy(() -> MinkConfigLoader.load(null, variables, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Unknown variable MINK_QUERY_BATCHSIZE: valid MINK_QUERY_* variables are"
            + " MINK_QUERY_ALLOW_INSECURE, MINK_QUERY_BATCH_SIZE, MINK_QUERY_DATABASE, MINK_QUERY_LISTEN, MINK_QUERY_MEMORY_LIMIT,"
            + " MINK_QUERY_PASSWORD, MINK_QUERY_TARGET_PARTITIONS, MINK_QUERY_TLS_CERT, MINK_QUERY_TLS_KEY,"
            + " MINK_QUERY_USER");
  }

  @Test
  void badVariableValueNamesTheVariable() {
    Map<String, String> variables = new HashMap<>(BOOTSTRAP);
    variables.put("MINK_QUERY_MEMORY_LIMIT", "-1GiB");

    assertThatThrownBy(() -> MinkConfigLoader.load(null, variables, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Invalid data size '-1GiB' for MINK_QUERY_MEMORY_LIMIT: use a size greater than zero, such"
                + " as 128MiB");
  }

  private MinkQuerySettings load(String query) throws IOException {
    return MinkConfigLoader.load(
            write("[kafka]\nbootstrap.servers = \"broker:9092\"\n" + query), Map.of(), directory)
        .query();
  }

  private Path write(String toml) throws IOException {
    Path file = directory.resolve("mink.toml");
    Files.writeString(file, toml);
    return file;
  }

  private void assertFileFails(String query, String message) {
    Path file = directory.resolve("mink.toml");
    assertThatThrownBy(() -> load(query))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message.replace("{file}", file.toString()));
  }
}
