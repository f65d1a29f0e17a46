// Swagger UI over the server's own OpenAPI document (served by the game server at /api/docs).
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  withCredentials: true,
});
