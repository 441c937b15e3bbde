import { createContext, useContext } from "react";

// The CSP nonce of this response. Set on the server only; in the browser the scripts are loaded.
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
