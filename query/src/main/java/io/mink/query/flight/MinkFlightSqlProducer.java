package io.mink.query.flight;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.mink.query.sql.SqlEngine;
import io.mink.query.sql.StatementResult;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.sql.SqlInfoBuilder;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionClosePreparedStatementRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionCreatePreparedStatementRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionCreatePreparedStatementResult;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetCatalogs;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetDbSchemas;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetSqlInfo;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetTableTypes;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetTables;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandPreparedStatementQuery;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementQuery;
import org.apache.arrow.flight.sql.impl.FlightSql.TicketStatementQuery;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * mink-query's Flight SQL service (docs/querying.md, Connecting a Flight SQL client): statements and prepared statements whose handles are
 * the SQL text, so the server keeps nothing between calls; the catalog {@code mink} with the engine's namespaces and
 * tables; and GetSqlInfo. GetFlightInfo plans a statement once for its schema; DoGet plans and runs it again.
 * Statements that write, Substrait plans and transactions are refused by {@link ReadOnlyFlightSqlProducer}.
 */
public final class MinkFlightSqlProducer extends ReadOnlyFlightSqlProducer {
  private static final Logger LOG = LoggerFactory.getLogger(MinkFlightSqlProducer.class);
  private static final byte[] NO_PARAMETERS = new Schema(List.of()).serializeAsMessage();

  private final SqlEngine engine;
  private final BufferAllocator allocator;
  private final SqlInfoBuilder sqlInfo = ServerInfo.sqlInfo();

  /** A producer whose statements allocate their batches from children of {@code allocator}. */
  public MinkFlightSqlProducer(SqlEngine engine, BufferAllocator allocator) {
    this.engine = requireNonNull(engine, "engine is null");
    this.allocator = requireNonNull(allocator, "allocator is null");
  }

  @Override
  public FlightInfo getFlightInfoStatement(
      CommandStatementQuery command, CallContext context, FlightDescriptor descriptor) {
    return statementInfo(command.getQuery(), descriptor);
  }

  @Override
  public SchemaResult getSchemaStatement(
      CommandStatementQuery command, CallContext context, FlightDescriptor descriptor) {
    return new SchemaResult(plan(() -> engine.schema(command.getQuery())));
  }

  @Override
  public void getStreamStatement(
      TicketStatementQuery ticket, CallContext context, ServerStreamListener listener) {
    run(StatementHandles.sql(ticket.getStatementHandle()), listener);
  }

  @Override
  public void createPreparedStatement(
      ActionCreatePreparedStatementRequest request,
      CallContext context,
      StreamListener<Result> listener) {
    try {
      Schema schema = plan(() -> engine.schema(request.getQuery()));
      ActionCreatePreparedStatementResult prepared =
          ActionCreatePreparedStatementResult.newBuilder()
              .setPreparedStatementHandle(StatementHandles.handle(request.getQuery()))
              .setDatasetSchema(ByteString.copyFrom(schema.serializeAsMessage()))
              .setParameterSchema(ByteString.copyFrom(NO_PARAMETERS))
              .build();
      listener.onNext(new Result(Any.pack(prepared).toByteArray()));
      listener.onCompleted();
    } catch (FlightRuntimeException e) {
      listener.onError(e);
    }
  }

  @Override
  public void closePreparedStatement(
      ActionClosePreparedStatementRequest request,
      CallContext context,
      StreamListener<Result> listener) {
    listener.onCompleted();
  }

  @Override
  public FlightInfo getFlightInfoPreparedStatement(
      CommandPreparedStatementQuery command, CallContext context, FlightDescriptor descriptor) {
    return statementInfo(StatementHandles.sql(command.getPreparedStatementHandle()), descriptor);
  }

  @Override
  public SchemaResult getSchemaPreparedStatement(
      CommandPreparedStatementQuery command, CallContext context, FlightDescriptor descriptor) {
    String sql = StatementHandles.sql(command.getPreparedStatementHandle());
    return new SchemaResult(plan(() -> engine.schema(sql)));
  }

  @Override
  public void getStreamPreparedStatement(
      CommandPreparedStatementQuery command, CallContext context, ServerStreamListener listener) {
    run(StatementHandles.sql(command.getPreparedStatementHandle()), listener);
  }

  @Override
  public Runnable acceptPutPreparedStatementQuery(
      CommandPreparedStatementQuery command,
      CallContext context,
      FlightStream flightStream,
      StreamListener<PutResult> ackStream) {
    return () -> ackStream.onError(
        FlightErrors.unsupported("statement parameters", "write the values into the SQL text"));
  }

  @Override
  public FlightInfo getFlightInfoSqlInfo(
      CommandGetSqlInfo command, CallContext context, FlightDescriptor descriptor) {
    return listingInfo(command, Schemas.GET_SQL_INFO_SCHEMA, descriptor);
  }

  @Override
  public void getStreamSqlInfo(
      CommandGetSqlInfo command, CallContext context, ServerStreamListener listener) {
    sqlInfo.send(command.getInfoList(), listener);
  }

  @Override
  public FlightInfo getFlightInfoCatalogs(
      CommandGetCatalogs command, CallContext context, FlightDescriptor descriptor) {
    return listingInfo(command, Schemas.GET_CATALOGS_SCHEMA, descriptor);
  }

  @Override
  public void getStreamCatalogs(CallContext context, ServerStreamListener listener) {
    sendListing(listener, CatalogListings::catalogs);
  }

  @Override
  public FlightInfo getFlightInfoSchemas(
      CommandGetDbSchemas command, CallContext context, FlightDescriptor descriptor) {
    return listingInfo(command, Schemas.GET_SCHEMAS_SCHEMA, descriptor);
  }

  @Override
  public void getStreamSchemas(
      CommandGetDbSchemas command, CallContext context, ServerStreamListener listener) {
    sendListing(
        listener,
        allocator -> CatalogListings.dbSchemas(
            CatalogSearch.namespaces(engine.catalog(), command), allocator));
  }

  @Override
  public FlightInfo getFlightInfoTables(
      CommandGetTables command, CallContext context, FlightDescriptor descriptor) {
    Schema schema = command.getIncludeSchema()
        ? Schemas.GET_TABLES_SCHEMA
        : Schemas.GET_TABLES_SCHEMA_NO_SCHEMA;
    return listingInfo(command, schema, descriptor);
  }

  @Override
  public void getStreamTables(
      CommandGetTables command, CallContext context, ServerStreamListener listener) {
    sendListing(
        listener,
        allocator -> CatalogListings.tables(
            CatalogSearch.tables(engine.catalog(), command),
            command.getIncludeSchema(),
            allocator));
  }

  @Override
  public FlightInfo getFlightInfoTableTypes(
      CommandGetTableTypes command, CallContext context, FlightDescriptor descriptor) {
    return listingInfo(command, Schemas.GET_TABLE_TYPES_SCHEMA, descriptor);
  }

  @Override
  public void getStreamTableTypes(CallContext context, ServerStreamListener listener) {
    sendListing(listener, CatalogListings::tableTypes);
  }

  private FlightInfo statementInfo(String sql, FlightDescriptor descriptor) {
    Schema schema = plan(() -> engine.schema(sql));
    return new FlightInfo(
        schema, descriptor, List.of(new FlightEndpoint(StatementHandles.ticket(sql))), -1, -1);
  }

  private void run(String sql, ServerStreamListener listener) {
    try (BufferAllocator statementAllocator =
            allocator.newChildAllocator("statement", 0, allocator.getLimit());
        StatementResult result = engine.execute(sql, statementAllocator)) {
      ResultStream.send(result, listener);
    } catch (RuntimeException | IOException e) {
      listener.error(failure(e));
    }
  }

  private <T> T plan(Supplier<T> planning) {
    try {
      return planning.get();
    } catch (RuntimeException e) {
      throw failure(e);
    }
  }

  private static FlightInfo listingInfo(
      Message command, Schema schema, FlightDescriptor descriptor) {
    Ticket ticket = new Ticket(Any.pack(command).toByteArray());
    return new FlightInfo(schema, descriptor, List.of(new FlightEndpoint(ticket)), -1, -1);
  }

  private void sendListing(
      ServerStreamListener listener, Function<BufferAllocator, VectorSchemaRoot> listing) {
    try (VectorSchemaRoot root = listing.apply(allocator)) {
      listener.start(root);
      listener.putNext();
      listener.completed();
    } catch (RuntimeException e) {
      listener.error(failure(e));
    }
  }

  private static FlightRuntimeException failure(Exception e) {
    FlightRuntimeException flight = FlightErrors.toFlight(e);
    if (flight.status().code() == FlightStatusCode.INTERNAL) {
      LOG.error("A Flight SQL call failed on a bug", e);
    }
    return flight;
  }
}
