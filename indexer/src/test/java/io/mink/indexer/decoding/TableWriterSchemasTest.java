package io.mink.indexer.decoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.registry.SchemaNotFoundException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaRegistry;
import io.mink.schema.registry.SchemaType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.hadoop.HadoopFileIO;
import org.apache.iceberg.io.FileIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table's view of the registry on a real local file system, with a registry of the test's own. */
class TableWriterSchemasTest {
  private static final SchemaRef ID_7 = new SchemaRef.ConfluentId(7);
  private static final RegisteredSchema ORDER =
      RegisteredSchema.of(SchemaType.AVRO, "{\"type\":\"record\"}");

  @TempDir
  Path lake;

  private final Map<SchemaRef, RegisteredSchema> registered = new HashMap<>();
  private final List<SchemaRef> asked = new CopyOnWriteArrayList<>();
  private boolean available = true;
  private final SchemaRegistry registry = ref -> {
    asked.add(ref);
    if (!available) {
      throw new RegistryUnavailableException("registry down");
    }
    RegisteredSchema schema = registered.get(ref);
    if (schema == null) {
      throw new SchemaNotFoundException("no schema " + ref);
    }
    return schema;
  };
  private final FileIO io = new HadoopFileIO(new Configuration());

  @Test
  void aRoundKeepsWhatItFetchedOnceAndALaterReaderNeedsNoRegistry() throws Exception {
    registered.put(ID_7, ORDER);
    TableWriterSchemas round = TableWriterSchemas.keeping(registry, io, location());
    round.roundStarting(Map.of(0, 40L));

    assertThat(round.fetch(ID_7)).isEqualTo(ORDER);
    assertThat(round.fetch(ID_7)).isEqualTo(ORDER);
    assertThat(asked).containsExactly(ID_7);
    assertThat(file(ID_7)).exists();

    available = false;
    TableWriterSchemas reader = TableWriterSchemas.reading(registry, io, location());
    assertThat(reader.fetch(ID_7)).isEqualTo(ORDER);
    assertThat(reader.kept(ID_7).orElseThrow().keptFrom())
        .contains(new java.util.TreeMap<>(Map.of(0, 40L)));
    assertThat(asked).containsExactly(ID_7);
  }

  @Test
  void aSchemaTheRegistryMissedInTheRoundIsKeptWithoutOffsets() throws Exception {
    TableWriterSchemas round = TableWriterSchemas.keeping(registry, io, location());
    round.roundStarting(Map.of(0, 40L));
    assertThatThrownBy(() -> round.fetch(ID_7)).isInstanceOf(SchemaNotFoundException.class);
    assertThat(file(ID_7)).doesNotExist();

    registered.put(ID_7, ORDER);
    assertThat(round.fetch(ID_7)).isEqualTo(ORDER);

    TableWriterSchemas reader = TableWriterSchemas.reading(registry, io, location());
    assertThat(reader.kept(ID_7).orElseThrow().keptFrom()).isEmpty();
  }

  @Test
  void aReaderWritesNothingAndAnOutageStaysAnOutage() throws Exception {
    TableWriterSchemas reader = TableWriterSchemas.reading(registry, io, location());
    registered.put(ID_7, ORDER);
    assertThat(reader.fetch(ID_7)).isEqualTo(ORDER);
    assertThat(file(ID_7)).doesNotExist();

    available = false;
    SchemaRef unseen = new SchemaRef.ConfluentId(8);
    assertThatThrownBy(() -> reader.fetch(unseen)).isInstanceOf(RegistryUnavailableException.class);
  }

  @Test
  void anExistingFileIsNeverOverwrittenButABrokenOneIsWrittenAgain() throws Exception {
    RegisteredSchema first = RegisteredSchema.of(SchemaType.AVRO, "\"string\"");
    registered.put(ID_7, first);
    TableWriterSchemas one = TableWriterSchemas.keeping(registry, io, location());
    one.roundStarting(Map.of());
    one.fetch(ID_7);
    byte[] written = Files.readAllBytes(file(ID_7));

    registered.put(ID_7, ORDER);
    TableWriterSchemas racing = TableWriterSchemas.keeping(registry, io, location());
    racing.roundStarting(Map.of());
    // another process that looked before the file was there fetches and keeps too
    deleteWithChecksum(file(ID_7));
    assertThat(racing.kept(ID_7)).isEmpty();
    Files.write(file(ID_7), written);
    deleteWithChecksum(null);
    racing.fetch(ID_7);
    assertThat(Files.readAllBytes(file(ID_7))).isEqualTo(written);
    assertThat(racing.kept(ID_7).orElseThrow().schema()).isEqualTo(first);

    deleteWithChecksum(file(ID_7));
    Files.writeString(file(ID_7), "{\"type\":\"AV", StandardCharsets.UTF_8);
    TableWriterSchemas next = TableWriterSchemas.keeping(registry, io, location());
    next.roundStarting(Map.of());
    assertThat(next.fetch(ID_7)).isEqualTo(ORDER);
    assertThat(TableWriterSchemas.reading(registry, io, location())
            .kept(ID_7)
            .orElseThrow()
            .schema())
        .isEqualTo(ORDER);
  }

  @Test
  void aSchemaTheRecordCarriesIsNeitherLookedForNorKept() throws Exception {
    SchemaRef inRecord = new SchemaRef.InRecord("ab12");
    registered.put(inRecord, ORDER);
    TableWriterSchemas round = TableWriterSchemas.keeping(registry, io, location());
    round.roundStarting(Map.of());
    assertThat(round.fetch(inRecord)).isEqualTo(ORDER);
    assertThat(lake.resolve("table/metadata")).doesNotExist();
  }

  /** Deletes the file, if given, and the checksum file Hadoop's local file system keeps beside it. */
  private void deleteWithChecksum(Path path) throws IOException {
    Path file = file(ID_7);
    if (path != null) {
      Files.deleteIfExists(path);
    }
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
  }

  private String location() {
    return lake.resolve("table").toUri().toString();
  }

  private Path file(SchemaRef ref) {
    return Path.of(
        java.net.URI.create(WriterSchemaFiles.location(location(), ref).orElseThrow()));
  }
}
