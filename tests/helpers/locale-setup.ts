// Setup of every layer: both languages' texts for `translate`, as the server and the worker load them (the console
// fetches the one it shows; tests format in either).
import '../../domain/locale-texts';
