package io.mink.query.flight;

import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.sql.NoOpFlightSqlProducer;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionBeginSavepointRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionBeginSavepointResult;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionBeginTransactionRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionBeginTransactionResult;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionCreatePreparedStatementResult;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionCreatePreparedSubstraitPlanRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionEndSavepointRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionEndTransactionRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandPreparedStatementUpdate;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementSubstraitPlan;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementUpdate;

/**
 * The Flight SQL calls mink-query refuses, each with a message that says what to do instead: statements that write
 * (updates, prepared updates, bulk ingestion), Substrait plans and transactions. Mink's tables are written by
 * indexing their Kafka topics, and every statement reads one snapshot of its tables without a transaction.
 */
abstract class ReadOnlyFlightSqlProducer extends NoOpFlightSqlProducer {
  private static final String SQL_INSTEAD = "send the statement as SQL text";
  private static final String NO_TRANSACTIONS =
      "run each statement on its own; every statement reads one snapshot of its tables";

  @Override
  public Runnable acceptPutStatement(
      CommandStatementUpdate command,
      CallContext context,
      FlightStream flightStream,
      StreamListener<PutResult> ackStream) {
    return refuse(ackStream, FlightErrors.readOnly(StatementHandles.kind(command.getQuery())));
  }

  @Override
  public Runnable acceptPutPreparedStatementUpdate(
      CommandPreparedStatementUpdate command,
      CallContext context,
      FlightStream flightStream,
      StreamListener<PutResult> ackStream) {
    String sql = StatementHandles.sql(command.getPreparedStatementHandle());
    return refuse(ackStream, FlightErrors.readOnly(StatementHandles.kind(sql)));
  }

  @Override
  public Runnable acceptPutStatementBulkIngest(
      CommandStatementIngest command,
      CallContext context,
      FlightStream flightStream,
      StreamListener<PutResult> ackStream) {
    return refuse(ackStream, FlightErrors.readOnly("bulk ingestion into " + command.getTable()));
  }

  @Override
  public FlightInfo getFlightInfoSubstraitPlan(
      CommandStatementSubstraitPlan command, CallContext context, FlightDescriptor descriptor) {
    throw FlightErrors.unsupported("Substrait plans", SQL_INSTEAD);
  }

  @Override
  public SchemaResult getSchemaSubstraitPlan(
      CommandStatementSubstraitPlan command, CallContext context, FlightDescriptor descriptor) {
    throw FlightErrors.unsupported("Substrait plans", SQL_INSTEAD);
  }

  @Override
  public Runnable acceptPutSubstraitPlan(
      CommandStatementSubstraitPlan command,
      CallContext context,
      FlightStream flightStream,
      StreamListener<PutResult> ackStream) {
    return refuse(ackStream, FlightErrors.unsupported("Substrait plans", SQL_INSTEAD));
  }

  @Override
  public void createPreparedSubstraitPlan(
      ActionCreatePreparedSubstraitPlanRequest request,
      CallContext context,
      StreamListener<ActionCreatePreparedStatementResult> listener) {
    listener.onError(FlightErrors.unsupported("Substrait plans", SQL_INSTEAD));
  }

  @Override
  public void beginTransaction(
      ActionBeginTransactionRequest request,
      CallContext context,
      StreamListener<ActionBeginTransactionResult> listener) {
    listener.onError(FlightErrors.unsupported("transactions", NO_TRANSACTIONS));
  }

  @Override
  public void endTransaction(
      ActionEndTransactionRequest request, CallContext context, StreamListener<Result> listener) {
    listener.onError(FlightErrors.unsupported("transactions", NO_TRANSACTIONS));
  }

  @Override
  public void beginSavepoint(
      ActionBeginSavepointRequest request,
      CallContext context,
      StreamListener<ActionBeginSavepointResult> listener) {
    listener.onError(FlightErrors.unsupported("savepoints", NO_TRANSACTIONS));
  }

  @Override
  public void endSavepoint(
      ActionEndSavepointRequest request, CallContext context, StreamListener<Result> listener) {
    listener.onError(FlightErrors.unsupported("savepoints", NO_TRANSACTIONS));
  }

  /** Nothing to release: the server keeps no state between calls. */
  @Override
  public void close() {}

  private static Runnable refuse(
      StreamListener<PutResult> ackStream, FlightRuntimeException refusal) {
    return () -> ackStream.onError(refusal);
  }
}
