package io.mink.cli;

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
          if (exception instanceof CommandFailure failure) {
            line.getErr().println("Error: " + failure.getMessage());
            return failure.exitCode().code();
          }
          line.getErr().println("Internal error: " + exception);
          exception.printStackTrace(line.getErr());
          return ExitCode.INTERNAL_ERROR.code();
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
        ? unmatched.getSuggestions() : List.of();
    String message = exception.getMessage().strip();
    return suggestions.isEmpty()
        ? message + ": see " + help
        : message + ": did you mean " + String.join(" or ", suggestions) + "? See " + help;
  }
}
