package io.mink.cli;

import io.mink.cli.operations.LakeReader;
import io.mink.cli.operations.TableStoreSession;
import io.mink.cli.read.ReadOutput;
import io.mink.cli.read.RowsWriter;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.decoding.TableDecoders;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.redecode.RawPartReasons;
import io.mink.lake.MinkTableLayout;
import io.mink.query.filter.WhereParser;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "read",
    description =
        "Read a table as it is now: the rows of its current lake snapshot, then each partition's Kafka "
            + "tail after it, decoded as the next round will decode it.",
    footer = {
      "",
      "Examples:",
      "  mink read kafka.orders --limit 20",
      "  mink read orders --columns _kafka_offset,amount --where \"amount > 100\"",
      "  mink read kafka.orders --mode lake --output json > orders.jsonl",
      "  mink read kafka.orders --partitions 0,2 --output arrow > orders.arrows",
      "  mink read kafka.orders --at v1:s=4981172026719463418:0=120-1500,1=0-1432",
      "  mink read kafka.orders --raw --mode lake --limit 20",
      "",
      "The read point (the snapshot and each partition's offsets) goes to stderr;",
      "--at repeats that read while Kafka still holds its tail."
    })
final class ReadCommand implements Callable<Integer> {
  @ParentCommand
  MinkCommand parent;

  @Mixin
  ConfigOptions config;

  @Mixin
  TableArgument tableArgument;

  @Mixin
  ReadOptions options;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "table",
      description =
          "table (aligned text, the default), json (one object per row and line), csv, or arrow (an "
              + "Arrow IPC stream)")
  ReadOutput format;

  @Option(
      names = "--raw",
      description =
          "Only the raw parts of the rows (key or value kept as bytes), one line per part with the reason "
              + "the decoder gives it now: decodes-now for one mink table redecode would type")
  boolean raw;

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    Long rawLimit = null;
    if (raw) {
      if (!options.columns.isEmpty()) {
        throw MinkException.user(
            "--raw prints the raw parts with their Kafka columns, reason and bytes: leave out --columns");
      }
      rawLimit = options.limit;
      options.limit = null;
    }
    ReadRequest request = options.request();
    try (TableStoreSession session = TableStoreSession.open(minkConfig);
        KafkaConsumer<byte[], byte[]> consumer =
            session.clients().rawConsumer("read", UnionRead.CONSUMER_SETTINGS)) {
      TableDescriptor descriptor = session.require(name);
      Table table = lakeTable(minkConfig, descriptor);
      ReadProgressBar bar = ReadProgressBar.start(environment, name);
      UnionRead read = new UnionRead(
          table,
          descriptor,
          consumer,
          TopicIds.of(session.admin()),
          RegistryDecoders.from(minkConfig.schemaRegistry()),
          bar);
      RawPartsOutput rawParts = raw ? rawParts(minkConfig, descriptor, table, rawLimit) : null;
      try (ReadResult result = read.read(request)) {
        ReadReport.gaps(result, environment.err());
        long rows = rawParts == null
            ? write(result, environment, bar)
            : writeRaw(rawParts, result, environment);
        bar.clear();
        ReadReport.done(result, rows, options.mode, environment.err());
      } finally {
        bar.clear();
      }
      return ExitCode.OK.code();
    }
  }

  private static RawPartsOutput rawParts(
      MinkConfig config, TableDescriptor descriptor, Table table, Long limit) {
    PartDecoder decoder = RegistryDecoders.from(config.schemaRegistry())
        .orElseThrow(() ->
            MinkException.user("--raw gives each raw part the reason the schema registry's decoder"
                + " gives it, and no [schema_registry] is configured: every part of "
                + descriptor.qualifiedName()
                + " is raw. Configure the registry the producers use"));
    return new RawPartsOutput(
        new RawPartReasons(
            descriptor.topic(),
            TableDecoders.reading(decoder, table).decoder(),
            MinkTableLayout.mappingOptions(descriptor.options())),
        limit);
  }

  private long writeRaw(RawPartsOutput rawParts, ReadResult result, Environment environment) {
    try (RowsWriter writer = RowsWriter.of(format, environment.bytes())) {
      long parts = rawParts.write(result, writer);
      environment.bytes().flush();
      return parts;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write the raw rows of " + result.table() + " to stdout", e);
    }
  }

  private static Table lakeTable(MinkConfig config, TableDescriptor descriptor) {
    try {
      return LakeReader.open(config.lake()).load(descriptor);
    } catch (NoSuchTableException e) {
      throw MinkException.conflict(
          "Table " + descriptor.qualifiedName() + " has no Iceberg table in the "
              + "catalog: mink table show " + descriptor.qualifiedName() + " says why",
          e);
    }
  }

  private long write(ReadResult result, Environment environment, ReadProgressBar bar) {
    long rows = 0;
    try (RowsWriter writer = RowsWriter.of(format, environment.bytes())) {
      writer.begin(result.schema(), ReadReport.metadata(result));
      while (result.batches().hasNext()) {
        try (RowBatch batch = result.batches().next()) {
          if (environment.terminal()) {
            bar.stop();
          }
          writer.write(batch);
          rows += batch.rows();
        }
      }
      writer.finish();
      environment.bytes().flush();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write the rows of " + result.table() + " to stdout", e);
    }
    return rows;
  }

  /** The options that say what to read, shared with the request's validation. */
  static final class ReadOptions {
    @Option(
        names = "--mode",
        paramLabel = "MODE",
        defaultValue = "union",
        description =
            "union (the lake, then the Kafka tail: the default), lake (the lake snapshot alone, as any "
                + "Iceberg engine reads it) or log (Kafka alone, from log start)")
    ReadMode mode;

    @Option(
        names = "--columns",
        paramLabel = "COLUMNS",
        split = ",",
        description = "The columns to print, in this order (default: every column)")
    List<String> columns = List.of();

    @Option(
        names = "--where",
        paramLabel = "EXPR",
        description =
            "Only rows where EXPR holds: a column compared with a literal, IN, IS [NOT] NULL, NOT, AND, "
                + "OR; pushed to the lake's files and row groups, evaluated on the tail")
    String where;

    @Option(
        names = "--partitions",
        paramLabel = "PARTITIONS",
        split = ",",
        description = "Only these Kafka partitions (default: all)")
    List<Integer> partitions = List.of();

    @Option(names = "--limit", paramLabel = "N", description = "At most N rows")
    Long limit;

    @Option(
        names = "--snapshot",
        paramLabel = "ID",
        description =
            "Read this lake snapshot instead of the current one (union: continued from the offsets of the "
                + "newest round in its lineage)")
    Long snapshot;

    @Option(
        names = "--at",
        paramLabel = "TOKEN",
        description = "Repeat an earlier read exactly: the read point it printed on stderr")
    String at;

    ReadRequest request() {
      ReadRequest request = ReadRequest.of(mode)
          .withColumns(columns)
          .withPartitions(java.util.Set.copyOf(partitions));
      if (where != null) {
        try {
          request = request.withFilter(WhereParser.parse(where));
        } catch (IllegalArgumentException e) {
          throw MinkException.user(e.getMessage(), e);
        }
      }
      if (limit != null) {
        if (limit < 0) {
          throw MinkException.user("--limit must be 0 or more, not " + limit);
        }
        request = request.withLimit(limit);
      }
      if (snapshot != null && at != null) {
        throw MinkException.user(
            "--snapshot and --at both name the snapshot to read: give one of them");
      }
      if (snapshot != null) {
        request = request.withSnapshot(snapshot);
      }
      if (at != null) {
        try {
          request = request.at(ReadPoint.parse(at));
        } catch (IllegalArgumentException e) {
          throw MinkException.user(e.getMessage(), e);
        }
      }
      return request;
    }
  }
}
