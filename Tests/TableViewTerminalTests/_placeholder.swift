// placeholder until this target has code
