package io.mink.cli;

import io.mink.indexer.errors.MinkException;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** The mink command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    useMinkLogging();
    System.exit(run(args, Environment.system()));
  }

  /** Mink's log layout and levels, unless the user points log4j2.configurationFile elsewhere. */
  public static void useMinkLogging() {
    if (System.getProperty("log4j2.configurationFile") == null) {
      System.setProperty("log4j2.configurationFile", "mink-log4j2.xml");
    }
  }

  public static int run(String[] args, Environment environment) {
    CommandLine commandLine = new CommandLine(new MinkCommand(environment))
        .setOut(environment.out())
        .setErr(environment.err())
        .setParameterExceptionHandler((exception, arguments) -> {
          exception.getCommandLine().getErr().println("Error: " + usageError(exception));
          return ExitCode.USAGE.code();
        })
        .setExecutionExceptionHandler((exception, line, parsed) -> {
          ExitCode exitCode = ExitCode.of(exception);
          if (exception instanceof MinkException) {
            line.getErr().println("Error: " + exception.getMessage());
          } else if (exitCode == ExitCode.INTERNAL_ERROR) {
            line.getErr().println("Internal error: " + exception);
            exception.printStackTrace(line.getErr());
          } else {
            line.getErr()
                .println("Error: " + exception.getMessage() + " ("
                    + exception.getClass().getSimpleName()
                    + "): check that Kafka and the catalog are up, then run the command again");
          }
          return exitCode.code();
        });
    int code = commandLine.execute(args);
    environment.out().flush();
    environment.err().flush();
    return code;
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
