package io.mink.cli.operations;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.redecode.RedecodeScope;
import io.mink.indexer.redecode.Redecoded;
import io.mink.indexer.redecode.TableRedecode;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import org.apache.iceberg.Table;

/**
 * {@code mink table redecode}: decodes again a table's raw parts through the configured schema registry and commits
 * the rewritten files, while the sidecar may go on indexing the table.
 */
final class TableRedecoding {
  /** How long an unavailable registry is waited out before the redecode gives up. */
  static final Duration REGISTRY_WAIT = Duration.ofMinutes(1);
  /** How many times rounds committing meanwhile may make it start over. */
  static final int MAX_ATTEMPTS = 5;

  private TableRedecoding() {}

  static Redecoded redecode(TableStoreSession session, String name, RedecodeScope scope) {
    TableDescriptor descriptor = session.require(name);
    if (!descriptor.isIndexing()) {
      throw MinkException.conflict("Table " + name + " is " + descriptor.state().label()
          + ", not indexing: only an indexing table is decoded again. See it with mink table show "
          + name);
    }
    PartDecoder decoder = RegistryDecoders.from(session.config().schemaRegistry())
        .orElseThrow(() ->
            MinkException.user("No schema registry is configured, so nothing can decode the raw"
                + " rows of table " + name
                + ": set [schema_registry] in the config file, then run mink table"
                + " redecode " + name + " again"));
    Table lakeTable = LakeReader.open(session.config().lake())
        .find(descriptor)
        .orElseThrow(() -> MinkException.conflict("The Iceberg table " + name
            + " is missing from the catalog: check [lake] in the config file"));
    TableRedecode redecode = TableRedecode.throughRegistry(
        descriptor,
        lakeTable,
        decoder,
        new LakeCommitter(CommitHook.NONE),
        REGISTRY_WAIT,
        MAX_ATTEMPTS);
    try {
      return redecode.run(scope);
    } catch (InterruptedException e) {
      throw MinkException.interrupted("Decoding the raw rows of table " + name + " again", e);
    }
  }
}
