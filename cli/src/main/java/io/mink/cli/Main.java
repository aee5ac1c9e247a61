package io.mink.cli;

import io.mink.indexer.errors.MinkException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** The mink command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    hideSecretsInSystemOutput();
    useMinkLogging(java.util.List.of(args).contains("read"));
    System.exit(run(args, Environment.system()));
  }

  /** Mink's log layout and levels on stdout, unless the user points log4j2.configurationFile elsewhere. */
  public static void useMinkLogging() {
    useMinkLogging(false);
  }

  /**
   * Mink's log layout and levels, unless the user points log4j2.configurationFile elsewhere: on stdout for the
   * commands that print what they do, on stderr for those whose stdout is data (mink read, mink-query exec).
   */
  public static void useMinkLogging(boolean toStderr) {
    if (System.getProperty("log4j2.configurationFile") == null) {
      System.setProperty(
          "log4j2.configurationFile", toStderr ? "mink-log4j2-stderr.xml" : "mink-log4j2.xml");
    }
  }

  /**
   * Makes the process's stdout and stderr hide the known secrets of the loaded configuration: the logs of Mink and of
   * its libraries go there. Data that a command writes to stdout ({@link Environment#bytes()}) does not pass through.
   */
  public static void hideSecretsInSystemOutput() {
    System.setOut(ScrubbingOutputStream.scrubbing(System.out));
    System.setErr(ScrubbingOutputStream.scrubbing(System.err));
  }

  public static int run(String[] args, Environment given) {
    Environment environment = given.hidingSecrets();
    CommandLine commandLine = reportingErrors(new CommandLine(new MinkCommand(environment)))
        .setOut(environment.out())
        .setErr(environment.err());
    int code = commandLine.execute(args);
    environment.out().flush();
    environment.err().flush();
    return code;
  }

  /**
   * The command line with the mink commands' error handling: a usage error or a failure is one line on stderr,
   * {@code Error: ...}, and the exit code of {@link ExitCode}; an internal error adds its stack trace.
   */
  public static CommandLine reportingErrors(CommandLine commandLine) {
    return commandLine
        .setParameterExceptionHandler((exception, arguments) -> {
          exception.getCommandLine().getErr().println("Error: " + usageError(exception));
          return ExitCode.USAGE.code();
        })
        .setExecutionExceptionHandler((exception, line, parsed) -> {
          Optional<String> denied = KafkaRefusals.message(exception, line);
          if (denied.isPresent()) {
            line.getErr().println("Error: " + denied.get());
            return ExitCode.CONFIG.code();
          }
          report(exception, line.getErr());
          return ExitCode.of(exception).code();
        });
  }

  /** Prints a failure as the mink commands do: one line, or for an internal error the line and its stack trace. */
  public static void report(Exception exception, PrintWriter err) {
    ExitCode exitCode = ExitCode.of(exception);
    if (exception instanceof MinkException) {
      err.println("Error: " + exception.getMessage());
    } else if (exitCode == ExitCode.INTERNAL_ERROR) {
      err.println("Internal error: " + exception);
      exception.printStackTrace(err);
    } else {
      err.println(
          "Error: " + exception.getMessage() + " (" + exception.getClass().getSimpleName()
              + "): check that Kafka and the catalog are up, then run the command again");
    }
  }

  /** picocli's message, what was probably meant, and where the usage is: one line. */
  static String usageError(ParameterException exception) {
    String help = exception.getCommandLine().getCommandSpec().qualifiedName() + " --help";
    List<String> suggestions = exception instanceof UnmatchedArgumentException unmatched
        ? unmatched.getSuggestions()
        : List.of();
    String message = exception.getMessage().strip();
    return suggestions.isEmpty()
        ? message + ": see " + help
        : message + ": did you mean " + String.join(" or ", suggestions) + "? See " + help;
  }
}
