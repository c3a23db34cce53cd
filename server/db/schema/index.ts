export * from "./account";
export * from "./billing";
export * from "./calls";
export * from "./contacts";
export * from "./telephony";
export * from "./users";
export * from "./voice";
export * from "./workspaces";
