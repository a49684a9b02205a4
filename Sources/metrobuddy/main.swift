import Glibc
import MetroBuddyCLI

ProcessSetup.reserveStandardDescriptors()
var output = StandardStream.output
var errors = StandardStream.error
let status = MetroBuddy.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: Environment(
    variables: ProcessSetup.environmentVariables(), outputIsTerminal: ProcessSetup.outputIsTerminal,
    errorIsTerminal: ProcessSetup.errorIsTerminal,
    readStandardInput: ProcessSetup.readStandardInput, writeProgress: ProcessSetup.writeProgress),
  output: &output, errors: &errors)
exit(status)
