package io.mink.indexer.decoding;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.registry.SchemaNotFoundException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaRegistry;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The schema registry as one table sees it: the writer schemas the table keeps ({@link WriterSchemaFiles}) first,
 * then the registry. The rounds' view also keeps each schema it fetched from the registry, before the round that
 * decoded with it commits, so that the table's rows can be decoded again without the registry; a reader's view
 * (mink read --raw, and a redecode, whose rows the rounds' schemas decoded) writes nothing. The table's files are
 * looked for once per ref, and a file is written once: one lookup and at most one write per ref for the life of the
 * view. Thread-safe.
 */
public final class TableWriterSchemas implements SchemaRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(TableWriterSchemas.class);

  private final SchemaRegistry registry;
  private volatile FileIO io;
  private final String tableLocation;
  private final boolean keeping;
  private final Map<SchemaRef, Optional<KeptSchema>> kept = new ConcurrentHashMap<>();
  private final Set<SchemaRef> missed = ConcurrentHashMap.newKeySet();
  private volatile Map<Integer, Long> roundStart;

  private TableWriterSchemas(
      SchemaRegistry registry, FileIO io, String tableLocation, boolean keeping) {
    this.registry = requireNonNull(registry, "registry is null");
    this.io = requireNonNull(io, "io is null");
    this.tableLocation = requireNonNull(tableLocation, "tableLocation is null");
    this.keeping = keeping;
  }

  /** The rounds' view: kept schemas first, and what the registry gives kept with the table. */
  public static TableWriterSchemas keeping(SchemaRegistry registry, FileIO io, String location) {
    return new TableWriterSchemas(registry, io, location, true);
  }

  /** A reader's view: kept schemas first, then the registry; writes nothing. */
  public static TableWriterSchemas reading(SchemaRegistry registry, FileIO io, String location) {
    return new TableWriterSchemas(registry, io, location, false);
  }

  /**
   * Reads and writes the table's files through {@code io} from now on: the FileIO of the table as a round loaded it
   * last, as a catalog may close the FileIO of a table object it no longer holds.
   */
  public void use(FileIO fileIo) {
    this.io = requireNonNull(fileIo, "fileIo is null");
  }

  /**
   * Tells the view that a round of the table starts from the offsets: the schemas it keeps from now on were had by
   * the rounds from these offsets on, unless the registry told it before that it had no such schema.
   */
  public void roundStarting(Map<Integer, Long> recordedOffsets) {
    missed.clear();
    roundStart = Map.copyOf(recordedOffsets);
  }

  /** The schema of {@code ref} as the table keeps it now; empty when it keeps none. */
  public Optional<KeptSchema> kept(SchemaRef ref) {
    return lookUp(ref);
  }

  @Override
  public RegisteredSchema fetch(SchemaRef ref)
      throws SchemaNotFoundException, RegistryUnavailableException {
    Optional<KeptSchema> known = lookUp(ref);
    if (known.isPresent()) {
      return known.get().schema();
    }
    RegisteredSchema fetched;
    try {
      fetched = registry.fetch(ref);
    } catch (SchemaNotFoundException e) {
      missed.add(ref);
      throw e;
    }
    if (keeping) {
      keep(ref, fetched);
    }
    return fetched;
  }

  private Optional<KeptSchema> lookUp(SchemaRef ref) {
    Optional<KeptSchema> known = kept.get(ref);
    if (known == null) {
      known = WriterSchemaFiles.location(tableLocation, ref).flatMap(this::read);
      kept.put(ref, known);
    }
    return known;
  }

  private Optional<KeptSchema> read(String location) {
    InputFile file = io.newInputFile(location);
    byte[] bytes;
    try (InputStream in = file.newStream()) {
      bytes = in.readAllBytes();
    } catch (NotFoundException | FileNotFoundException | NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the kept writer schema " + location, e);
    }
    try {
      return Optional.of(WriterSchemaFiles.decode(bytes));
    } catch (IllegalArgumentException e) {
      LOG.warn(
          "Kept writer schema {} is unreadable ({}): the schema registry is asked instead, and a round writes"
              + " the file again",
          location,
          e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * Writes the schema's file unless there is one: created, never overwritten, except a file that does not read as
   * one (a write cut short on a file system without atomic writes).
   */
  private void keep(SchemaRef ref, RegisteredSchema schema) {
    Optional<String> location = WriterSchemaFiles.location(tableLocation, ref);
    if (location.isEmpty()) {
      return;
    }
    Map<Integer, Long> from = roundStart;
    KeptSchema keeping = from == null || missed.contains(ref)
        ? new KeptSchema(schema, Optional.empty())
        : KeptSchema.from(schema, from);
    byte[] bytes = WriterSchemaFiles.encode(keeping);
    try (OutputStream out = io.newOutputFile(location.get()).create()) {
      out.write(bytes);
    } catch (AlreadyExistsException e) {
      Optional<KeptSchema> existing = read(location.get());
      if (existing.isPresent()) {
        kept.put(ref, existing);
        return;
      }
      try (OutputStream out = io.newOutputFile(location.get()).createOrOverwrite()) {
        out.write(bytes);
      } catch (IOException again) {
        throw new UncheckedIOException("Cannot keep writer schema " + location.get(), again);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot keep writer schema " + ref + " with the table at " + location.get(), e);
    }
    kept.put(ref, Optional.of(keeping));
    LOG.debug("Kept writer schema {} at {}", ref, location.get());
  }
}
