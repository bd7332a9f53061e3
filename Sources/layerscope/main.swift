import Foundation
import LayerscopeCLI

FatalSignals.install()
exit(Layerscope.run(Array(CommandLine.arguments.dropFirst())))
